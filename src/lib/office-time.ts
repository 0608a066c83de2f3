/** Wall-clock times in the offices' time zone (America/Chicago), daylight saving included. */
import { officeTimeZone } from '../business/lead-choices';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: officeTimeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** Minutes the offices' clock is ahead of UTC at `instant` (-300 or -360). */
function offsetMinutes(instant: Date): number {
  const p = Object.fromEntries(parts.formatToParts(instant).map((x) => [x.type, x.value]));
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant the offices' clock shows `hour`:00 on `date` (YYYY-MM-DD). */
export function officeDateTime(date: string, hour: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(y, m - 1, d, hour);
  const first = new Date(asUtc - offsetMinutes(new Date(asUtc)) * 60_000);
  // Near a daylight-saving change the offset at the answer can differ from the guess's; one more step settles it.
  return new Date(asUtc - offsetMinutes(first) * 60_000);
}

/** The hour (0–23) the offices' clock shows at `instant`. */
export function officeHour(instant: Date): number {
  return Number(parts.formatToParts(instant).find((x) => x.type === 'hour')!.value);
}
