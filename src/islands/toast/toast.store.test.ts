import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { $toasts, dismissToast, pauseToasts, removeToast, resumeToasts, toast, toastDurationMs, toastRemoveDelayMs } from './toast.store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const t of $toasts.get()) removeToast(t.id);
  resumeToasts();
  vi.useRealTimers();
});

const open = () => $toasts.get().filter((t) => t.open);

describe('toast', () => {
  test('shows one toast at a time: a new one replaces the old', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    expect($toasts.get()).toHaveLength(1);
    expect(open()[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true });
  });

  test('closes after 5000 ms and is removed after the removal delay', () => {
    toast({ title: 'Saved' });
    vi.advanceTimersByTime(toastDurationMs - 1);
    expect(open()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(open()).toHaveLength(0);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(toastRemoveDelayMs);
    expect($toasts.get()).toHaveLength(0);
  });

  test('dismissToast closes it at once', () => {
    const id = toast({ title: 'Bye' });
    dismissToast(id);
    expect(open()).toHaveLength(0);
  });

  test('the timer pauses while paused and resumes with the time left', () => {
    toast({ title: 'Read me' });
    vi.advanceTimersByTime(3000);
    pauseToasts();
    vi.advanceTimersByTime(60_000);
    expect(open()).toHaveLength(1);
    resumeToasts();
    vi.advanceTimersByTime(1999);
    expect(open()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(open()).toHaveLength(0);
  });
});
