/**
 * The choices the estimate form and the booking form offer (SPEC §3): services, locations,
 * urgency and arrival windows. The ids are what the API accepts and what is stored with a lead.
 */
import { company } from './company';
import { cities, type CityId } from './cities';

/** SPEC §3 contact payload: service. */
export const leadServices = [
  { id: 'water-heater', label: 'Water heater' },
  { id: 'drain', label: 'Drain cleaning or clog' },
  { id: 'leak', label: 'Leak' },
  { id: 'toilet-faucet', label: 'Toilet or faucet' },
  { id: 'commercial', label: 'Commercial plumbing' },
  { id: 'other', label: 'Something else' },
] as const;

const locationIds = ['austin', 'cedar-park', 'leander', 'round-rock', 'georgetown', 'marble-falls', 'burnet'] as const satisfies readonly CityId[];

/** SPEC §3 contact payload: location, named after the city it stands for. */
export const leadLocations = locationIds.map((id) => ({ id, label: cities.find((c) => c.id === id)!.name }));

/** SPEC §3 contact payload: urgency. */
export const leadUrgencies = [
  { id: 'emergency', label: 'Emergency: it needs attention now' },
  { id: 'urgent', label: 'Soon: in the next day or two' },
  { id: 'normal', label: 'Not urgent: planning ahead' },
] as const;

/** "07:30" → "7:30 AM". */
function clockLabel(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

const { opens, closes } = company.hours.weekdays;

/** Arrival windows offered for a booking, inside the office hours. */
export const arrivalWindows = [
  { id: 'morning', label: `Morning, ${clockLabel(opens)} – 12:00 PM` },
  { id: 'afternoon', label: `Afternoon, 12:00 PM – ${clockLabel(closes)}` },
  { id: 'any', label: 'Any time that day' },
] as const;

/** How many days ahead a visitor may ask for (the booking form lists them). */
export const bookingDaysAhead = 14;

/** The time zone both offices work in; booking days are counted in it. */
export const officeTimeZone = 'America/Chicago';

export type LeadServiceId = (typeof leadServices)[number]['id'];
export type LeadLocationId = (typeof locationIds)[number];
export type LeadUrgencyId = (typeof leadUrgencies)[number]['id'];
export type ArrivalWindowId = (typeof arrivalWindows)[number]['id'];

const ids = <T extends { id: string }>(list: readonly T[]) => list.map((x) => x.id) as [T['id'], ...T['id'][]];
export const leadServiceIds = ids(leadServices);
export const leadLocationIds = [...locationIds] as [LeadLocationId, ...LeadLocationId[]];
export const leadUrgencyIds = ids(leadUrgencies);
export const arrivalWindowIds = ids(arrivalWindows);

/** The label of a choice id, or the id itself when it is not one of ours. */
export function choiceLabel(list: readonly { id: string; label: string }[], id: string | null | undefined): string | undefined {
  if (!id) return undefined;
  return list.find((c) => c.id === id)?.label ?? id;
}
