/** How the portal writes dates and money: days in the office's time zone, US dollars. */
import { officeTimeZone } from '../../business/lead-choices';
import { formatCents } from '../../lib/store/catalogue';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: officeTimeZone });
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** An ISO timestamp as the day it was in Texas. */
export const dayOf = (iso: string): string => day.format(new Date(iso));
/** A YYYY-MM-DD calendar day, as written. */
export const calendarDayOf = (date: string): string => calendarDay.format(new Date(`${date}T12:00:00Z`));
export const money = (cents: number | null): string => (cents === null ? '—' : formatCents(cents));
