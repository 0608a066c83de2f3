/**
 * Always loaded, and tiny: every [data-open-scheduler] link (header, hero, page buttons) opens the
 * scheduler instead of following its href, and the chat can call openScheduler('chat'). The
 * scheduler itself (React, the dialog, the booking form) is imported on first use.
 */
import { openScheduler, registerSchedulerOpener, type SchedulerSource } from '../shared/scheduler.store';

const load = () => import('./open-scheduler');

registerSchedulerOpener(async (source) => (await load()).openSchedulerUi(source));

function sourceOf(trigger: Element): SchedulerSource {
  const named = trigger.getAttribute('data-open-scheduler');
  if (named === 'header' || named === 'hero' || named === 'page' || named === 'chat') return named;
  return trigger.closest('header') ? 'header' : 'page';
}

document.addEventListener('click', (event) => {
  const trigger = (event.target as Element | null)?.closest?.('[data-open-scheduler]');
  if (!trigger || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const href = trigger.getAttribute('href');
  void openScheduler(sourceOf(trigger)).then((opened) => {
    // Nothing could open (the module failed to load): follow the link, which works without JavaScript.
    if (!opened && href) location.assign(href);
  });
});

// Start fetching the scheduler when a visitor is about to use it.
const warm = (event: Event) => {
  if ((event.target as Element | null)?.closest?.('[data-open-scheduler]')) {
    document.removeEventListener('pointerover', warm);
    document.removeEventListener('focusin', warm);
    void load();
  }
};
document.addEventListener('pointerover', warm, { passive: true });
document.addEventListener('focusin', warm);
