import { describe, expect, test } from 'vitest';
import { officeDateTime, officeHour } from './office-time';

describe('office time', () => {
  test('9 AM in Austin is 15:00 UTC in winter and 14:00 UTC in summer', () => {
    expect(officeDateTime('2026-12-01', 9).toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(officeDateTime('2026-07-01', 9).toISOString()).toBe('2026-07-01T14:00:00.000Z');
  });

  test('the days daylight saving starts and ends keep the wall-clock hour', () => {
    expect(officeDateTime('2026-03-08', 9).toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(officeDateTime('2026-11-01', 9).toISOString()).toBe('2026-11-01T15:00:00.000Z');
  });

  test('reads the hour back', () => {
    expect(officeHour(new Date('2026-12-01T15:30:00Z'))).toBe(9);
    expect(officeHour(new Date('2026-12-02T05:59:00Z'))).toBe(23);
  });
});
