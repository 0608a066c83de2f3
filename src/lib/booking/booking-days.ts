/**
 * The days a visitor may ask for a visit: the next 14 days, counted in the offices' time zone,
 * starting tomorrow (same-day help is a phone call). Weekends are by appointment only.
 */
import { bookingDaysAhead, officeTimeZone } from '../../business/lead-choices';

export interface BookingDay {
  /** YYYY-MM-DD in the offices' time zone. */
  date: string;
  /** "Monday, November 23" */
  label: string;
  weekend: boolean;
}

const dateParts = new Intl.DateTimeFormat('en-CA', { timeZone: officeTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date at `instant` in the offices' time zone, as YYYY-MM-DD. */
export function officeDate(instant: Date): string {
  return dateParts.format(instant);
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic in UTC, so no daylight-saving skips). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const labelFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' });

/** The days offered at `now`: tomorrow and the 13 days after it. */
export function bookingDays(now: Date, count: number = bookingDaysAhead): BookingDay[] {
  const today = officeDate(now);
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(today, i + 1);
    const noon = new Date(`${date}T12:00:00Z`);
    const weekday = noon.getUTCDay();
    return { date, label: labelFormat.format(noon), weekend: weekday === 0 || weekday === 6 };
  });
}

/**
 * Whether `date` may be asked for at `now`. One day of slack each side, because the visitor's
 * clock and time zone decided which days their form listed.
 */
export function isBookableDate(date: string, now: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T12:00:00Z`))) return false;
  if (addDays(date, 0) !== date) return false;
  const today = officeDate(now);
  return date >= today && date <= addDays(today, bookingDaysAhead + 1);
}
