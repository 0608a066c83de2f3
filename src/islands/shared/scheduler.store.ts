/**
 * One way to open the scheduler from anywhere (header, hero, chat). The scheduler island registers
 * how it opens; callers ask and learn whether it opened, so they can offer the phone instead.
 */
import { atom } from 'nanostores';

export type SchedulerSource = 'header' | 'hero' | 'page' | 'chat';
export type SchedulerOpener = (source: SchedulerSource) => Promise<boolean>;

/** True while the scheduler (third-party widget or the built-in booking dialog) is showing. */
export const $schedulerOpen = atom(false);

let opener: SchedulerOpener | undefined;

export function registerSchedulerOpener(fn: SchedulerOpener): void {
  opener = fn;
}

/** Opens the scheduler; resolves false when nothing could be opened. */
export async function openScheduler(source: SchedulerSource): Promise<boolean> {
  if (!opener) return false;
  try {
    return await opener(source);
  } catch {
    return false;
  }
}
