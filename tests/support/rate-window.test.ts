import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { clearOfWindowEdge, windowEdgeMarginMs } from './rate-window';

/** Whether `promise` has settled, without moving the fake clock. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('clearOfWindowEdge', () => {
  // 05:00:00 UTC: a boundary of both the 10-minute and the hourly windows.
  const boundary = Date.parse('2026-03-02T05:00:00Z');

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('returns at once in the middle of a window', async () => {
    vi.setSystemTime(boundary + 4 * 60_000);
    expect(await settled(clearOfWindowEdge(600))).toBe(true);
    expect(Date.now()).toBe(boundary + 4 * 60_000);
  });

  test('returns at once when exactly the needed time is left', async () => {
    vi.setSystemTime(boundary - 30_000);
    expect(await settled(clearOfWindowEdge(3600, 30))).toBe(true);
  });

  test('close to the edge, waits until the next window has begun', async () => {
    // 04:59:50: ten seconds left in the hour, as when the chat photo test ran across 05:00:00.
    vi.setSystemTime(boundary - 10_000);
    const waiting = clearOfWindowEdge(3600);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(windowEdgeMarginMs);
    expect(await settled(waiting)).toBe(true);
    expect(Date.now()).toBe(boundary + windowEdgeMarginMs);
    expect(Math.floor(Date.now() / 3_600_000) * 3_600_000).toBe(boundary);
  });

  test('the window length decides where the edge is; neededSeconds how close is too close', async () => {
    // 05:09:45 is 15 s before a 10-minute boundary but mid-hour.
    vi.setSystemTime(boundary + 9 * 60_000 + 45_000);
    expect(await settled(clearOfWindowEdge(3600))).toBe(true);
    expect(await settled(clearOfWindowEdge(600, 10))).toBe(true);
    const waiting = clearOfWindowEdge(600);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(15_000 + windowEdgeMarginMs);
    expect(await settled(waiting)).toBe(true);
    expect(Date.now()).toBe(boundary + 10 * 60_000 + windowEdgeMarginMs);
  });

  test('refuses a test that could never fit its window', async () => {
    await expect(clearOfWindowEdge(30, 30)).rejects.toThrow(RangeError);
  });
});
