/**
 * Toast notifications (SPEC §9): one at a time, shown 5000 ms, swiped right over 50 px to dismiss,
 * F8 focuses the region. Any island calls `toast({ title, description })`; the Toaster renders
 * `$toasts`. The timer pauses while the pointer or focus is on a toast (WCAG 2.2.1).
 */
import { atom } from 'nanostores';

export const toastLimit = 1;
export const toastDurationMs = 5000;
/** How long a dismissed toast stays in the store (closed) before it is removed, as SPEC §9 gives it. */
export const toastRemoveDelayMs = 1_000_000;
export const swipeThresholdPx = 50;
export const toastHotkey = 'F8';

export type ToastVariant = 'default' | 'destructive';

export interface Toast {
  id: string;
  title: string;
  description?: string | undefined;
  variant: ToastVariant;
  open: boolean;
}

export const $toasts = atom<Toast[]>([]);

interface Timer {
  handle: ReturnType<typeof setTimeout> | undefined;
  remainingMs: number;
  startedAt: number;
}
const dismissTimers = new Map<string, Timer>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let paused = false;
let counter = 0;

function clearTimers(id: string): void {
  clearTimeout(dismissTimers.get(id)?.handle);
  dismissTimers.delete(id);
  clearTimeout(removeTimers.get(id));
  removeTimers.delete(id);
}

function startDismissTimer(id: string, ms: number): void {
  const timer: Timer = { handle: undefined, remainingMs: ms, startedAt: Date.now() };
  if (!paused) timer.handle = setTimeout(() => dismissToast(id), ms);
  dismissTimers.set(id, timer);
}

/** Shows a toast, replacing the one on screen (SPEC §9: one at a time). Returns its id. */
export function toast(input: { title: string; description?: string | undefined; variant?: ToastVariant }): string {
  const id = `toast-${++counter}`;
  const next: Toast = { id, title: input.title, description: input.description, variant: input.variant ?? 'default', open: true };
  const kept = [next, ...$toasts.get()].slice(0, toastLimit);
  for (const old of $toasts.get()) if (!kept.includes(old)) clearTimers(old.id);
  $toasts.set(kept);
  startDismissTimer(id, toastDurationMs);
  return id;
}

/** Closes a toast (all when no id); it is removed from the store after the removal delay. */
export function dismissToast(id?: string): void {
  const closing = $toasts.get().filter((t) => t.open && (id === undefined || t.id === id));
  if (closing.length === 0) return;
  for (const t of closing) {
    clearTimers(t.id);
    removeTimers.set(t.id, setTimeout(() => removeToast(t.id), toastRemoveDelayMs));
  }
  $toasts.set($toasts.get().map((t) => (closing.includes(t) ? { ...t, open: false } : t)));
}

export function removeToast(id: string): void {
  clearTimers(id);
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Stops the display timers (pointer or focus on a toast). */
export function pauseToasts(): void {
  if (paused) return;
  paused = true;
  for (const timer of dismissTimers.values()) {
    clearTimeout(timer.handle);
    timer.handle = undefined;
    timer.remainingMs = Math.max(0, timer.remainingMs - (Date.now() - timer.startedAt));
  }
}

/** Restarts the display timers with the time each toast had left. */
export function resumeToasts(): void {
  if (!paused) return;
  paused = false;
  for (const [id, timer] of dismissTimers) {
    timer.startedAt = Date.now();
    timer.handle = setTimeout(() => dismissToast(id), timer.remainingMs);
  }
}
