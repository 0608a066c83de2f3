import { describe, expect, test } from 'vitest';
import { parseSchedule } from './schedules';

const at = (iso: string) => new Date(iso);

describe('parseSchedule', () => {
  test('"* * * * *" matches every minute', () => {
    const due = parseSchedule('* * * * *');
    expect(due(at('2026-11-21T10:00:00Z'))).toBe(true);
    expect(due(at('2026-11-21T23:59:00Z'))).toBe(true);
  });

  test('steps, ranges and lists match only their minutes and hours, in UTC', () => {
    const due = parseSchedule('*/15 9-17 * * 1-5');
    expect(due(at('2026-11-23T09:30:00Z'))).toBe(true);
    expect(due(at('2026-11-23T09:31:00Z'))).toBe(false);
    expect(due(at('2026-11-23T18:00:00Z'))).toBe(false);
    expect(due(at('2026-11-22T10:00:00Z'))).toBe(false);
    expect(parseSchedule('0,30 * * * *')(at('2026-11-21T04:30:00Z'))).toBe(true);
  });

  test('accepts @hourly and @daily, and 7 as Sunday', () => {
    expect(parseSchedule('@hourly')(at('2026-11-21T04:00:00Z'))).toBe(true);
    expect(parseSchedule('@daily')(at('2026-11-21T04:00:00Z'))).toBe(false);
    expect(parseSchedule('0 0 * * 7')(at('2026-11-22T00:00:00Z'))).toBe(true);
  });

  test('refuses what it cannot read, naming the expression', () => {
    expect(() => parseSchedule('* * *')).toThrow(/five fields/);
    expect(() => parseSchedule('61 * * * *')).toThrow(/"61 \* \* \* \*"/);
    expect(() => parseSchedule('L * * * *')).toThrow(/does not understand/);
  });
});
