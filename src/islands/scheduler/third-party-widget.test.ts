import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { openWidget, pollUntilReady, widgetReady } from './third-party-widget';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('pollUntilReady', () => {
  test('resolves true as soon as the widget is ready', async () => {
    let ready = false;
    const result = pollUntilReady(() => ready);
    await vi.advanceTimersByTimeAsync(300);
    ready = true;
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe(true);
  });

  test('checks every 100 ms, 50 times, then gives up after 5 s', async () => {
    const isReady = vi.fn(() => false);
    const result = pollUntilReady(isReady);
    await vi.advanceTimersByTimeAsync(4800);
    expect(isReady).toHaveBeenCalledTimes(49);
    await vi.advanceTimersByTimeAsync(200);
    await expect(result).resolves.toBe(false);
    expect(isReady).toHaveBeenCalledTimes(50);
  });

  test('stops at once when the script failed to load', async () => {
    let failed = false;
    const result = pollUntilReady(() => false, () => failed);
    failed = true;
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBe(false);
  });
});

describe('the widget global', () => {
  test('is ready when STWidgetManager is a function, and opening sends ws-open', () => {
    const manager = vi.fn();
    expect(widgetReady({})).toBe(false);
    expect(openWidget({})).toBe(false);
    expect(openWidget({ STWidgetManager: manager })).toBe(true);
    expect(manager).toHaveBeenCalledWith('ws-open');
  });
});
