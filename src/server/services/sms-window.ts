/**
 * When texts other than transactional ones may go out: 9 AM to 9 PM in Central Time (America/Chicago),
 * Sundays from noon (Texas' hours for telephone solicitation, stricter than the TCPA's 8 AM–9 PM).
 * A text due outside them waits for the next opening; it is never dropped.
 */
const zone = 'America/Chicago';
const closesAt = 21;
const opensAt = (weekday: number) => (weekday === 0 ? 12 : 9);

const wallClock = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });

interface Wall { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallTime(at: Date): Wall {
  const parts = Object.fromEntries(wallClock.formatToParts(at).map((p) => [p.type, p.value]));
  return { year: +parts.year!, month: +parts.month!, day: +parts.day!, hour: +parts.hour! % 24, minute: +parts.minute!, second: +parts.second! };
}

/** Central Time's offset from UTC at `at`, in ms (−5 or −6 hours). */
function offsetMs(at: Date): number {
  const w = wallTime(at);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant of a Central Time wall-clock hour (never one a clock change skips: 9 AM and noon are safe). */
function centralInstant(year: number, month: number, day: number, hour: number): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  const first = new Date(guess - offsetMs(new Date(guess)));
  return new Date(guess - offsetMs(first));
}

/** Undefined when a non-transactional text may go out at `now`; otherwise the next moment it may. */
export function nextSendingWindow(now: Date): Date | undefined {
  const w = wallTime(now);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  const open = opensAt(weekday);
  if (w.hour >= open && w.hour < closesAt) return undefined;
  if (w.hour < open) return centralInstant(w.year, w.month, w.day, open);
  const next = new Date(Date.UTC(w.year, w.month - 1, w.day + 1));
  return centralInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), opensAt(next.getUTCDay()));
}
