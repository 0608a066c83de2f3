/** The scheduler dialog: closed, opening the third-party widget, its SPEC §8 alert, or the built-in booking form. */
import { atom } from 'nanostores';
import { $schedulerOpen, type SchedulerSource } from '../shared/scheduler.store';

export type SchedulerMode = 'loading' | 'unavailable' | 'booking';

export interface SchedulerDialogState {
  open: boolean;
  mode: SchedulerMode;
  source: SchedulerSource;
}

export const $schedulerDialog = atom<SchedulerDialogState>({ open: false, mode: 'booking', source: 'page' });

export function showScheduler(mode: SchedulerMode, source: SchedulerSource = $schedulerDialog.get().source): void {
  $schedulerDialog.set({ open: true, mode, source });
  $schedulerOpen.set(true);
}

export function closeScheduler(): void {
  $schedulerDialog.set({ ...$schedulerDialog.get(), open: false });
  $schedulerOpen.set(false);
}
