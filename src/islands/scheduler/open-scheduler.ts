/**
 * Opening the scheduler, loaded on first use by launcher.client.ts. With a third-party widget
 * configured: load it, wait for it (SPEC §4) and open it, or show SPEC §8's alert with both
 * numbers and the built-in booking as a way on. Without one: the built-in booking dialog, or,
 * on /schedule-appointment, the booking form already on the page.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import type { SchedulerSource } from '../shared/scheduler.store';
import SchedulerDialog from './SchedulerDialog';
import { readSchedulerConfig } from './scheduler-config';
import { closeScheduler, showScheduler } from './scheduler-dialog.store';
import { loadWidget, openWidget } from './third-party-widget';

let mounted = false;
let opener: HTMLElement | null = null;

function mountDialog(): void {
  if (mounted) return;
  mounted = true;
  const host = document.createElement('div');
  host.id = 'scheduler-root';
  document.body.append(host);
  createRoot(host).render(createElement(SchedulerDialog, { returnFocus: () => opener }));
}

/** Focuses the booking form already on the page; false when there is none. */
function focusInlineBooking(): boolean {
  const inline = document.querySelector<HTMLElement>('[data-booking-inline]');
  const first = inline?.querySelector<HTMLElement>('select, input:not([tabindex="-1"])');
  if (!inline || !first) return false;
  inline.scrollIntoView({ block: 'start' });
  first.focus({ preventScroll: true });
  return true;
}

export async function openSchedulerUi(source: SchedulerSource): Promise<boolean> {
  opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  const config = readSchedulerConfig();
  if (!config && focusInlineBooking()) return true;
  mountDialog();
  if (!config) {
    showScheduler('booking', source);
    return true;
  }
  showScheduler('loading', source);
  const ready = await loadWidget(config);
  if (ready && openWidget()) {
    closeScheduler();
    return true;
  }
  showScheduler('unavailable', source);
  return true;
}
