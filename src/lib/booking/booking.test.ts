import { describe, expect, test } from 'vitest';
import { addDays, bookingDays, isBookableDate, officeDate } from './booking-days';
import { findServiceArea } from './service-area';

describe('findServiceArea', () => {
  test('names the city and the office that serves a ZIP code', () => {
    expect(findServiceArea('78613')).toMatchObject({ cities: [{ name: 'Cedar Park' }], office: { id: 'austin' } });
    expect(findServiceArea(' 78611 ')).toMatchObject({ cities: [{ name: 'Burnet' }], office: { id: 'marble-falls' } });
  });

  test('lists every city of a shared ZIP code', () => {
    expect(findServiceArea('78654')?.cities.map((c) => c.name)).toEqual(['Marble Falls', 'Granite Shoals']);
  });

  test('is undefined outside the area and for anything that is not a ZIP code', () => {
    for (const zip of ['75201', '10001', '7870', 'abcde', '']) expect(findServiceArea(zip)).toBeUndefined();
  });
});

describe('bookingDays', () => {
  test('lists the 14 days after today in Central Texas, weekends marked', () => {
    // 2026-11-21 02:00 UTC is still Friday the 20th in Austin.
    const days = bookingDays(new Date('2026-11-21T02:00:00Z'));
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ date: '2026-11-21', label: 'Saturday, November 21', weekend: true });
    expect(days[2]).toEqual({ date: '2026-11-23', label: 'Monday, November 23', weekend: false });
    expect(days[13]!.date).toBe('2026-12-04');
  });

  test('counts across the end of daylight saving time without skipping a day', () => {
    const days = bookingDays(new Date('2026-10-30T17:00:00Z'));
    expect(days.map((d) => d.date).slice(0, 4)).toEqual(['2026-10-31', '2026-11-01', '2026-11-02', '2026-11-03']);
  });
});

describe('isBookableDate', () => {
  const now = new Date('2026-11-21T16:00:00Z');
  test('accepts today (slack for the visitor clock) to 15 days ahead', () => {
    expect(officeDate(now)).toBe('2026-11-21');
    expect(isBookableDate('2026-11-21', now)).toBe(true);
    expect(isBookableDate(addDays('2026-11-21', 15), now)).toBe(true);
    expect(isBookableDate(addDays('2026-11-21', 16), now)).toBe(false);
    expect(isBookableDate('2026-11-20', now)).toBe(false);
  });

  test('refuses what is not a real date', () => {
    for (const date of ['2026-11-31', '2026-13-01', '21/11/2026', '', '2026-11-22T00:00']) expect(isBookableDate(date, now)).toBe(false);
  });
});
