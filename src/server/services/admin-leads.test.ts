import { describe, expect, test } from 'vitest';
import { lastDays } from './admin-leads';

describe('lastDays', () => {
  test('gives 30 Chicago calendar dates ending today, across a daylight-saving change', () => {
    // 2026-11-01 is the end of daylight saving time in the US.
    const days = lastDays(new Date('2026-11-20T03:00:00Z'), 30);
    expect(days).toHaveLength(30);
    expect(new Set(days).size).toBe(30);
    // 03:00 UTC is still the evening before in Chicago.
    expect(days.at(-1)).toBe('2026-11-19');
    expect(days[0]).toBe('2026-10-21');
  });
});
