/** Which of our cities and which office a ZIP code belongs to (the booking form and its function both ask). */
import type { City, Office } from '../../business';
import { cities } from '../../business/cities';
import { offices } from '../../business/offices';

export interface ServiceArea {
  zip: string;
  /** The cities of ours that use this ZIP code (78654 is both Marble Falls and Granite Shoals). */
  cities: City[];
  /** The office that serves them. */
  office: Office;
}

/** A five-digit US ZIP code, nothing else. */
export const zipPattern = /^\d{5}$/;

/** The service area of `zip`, or undefined when none of our 16 cities uses it. */
export function findServiceArea(zip: string): ServiceArea | undefined {
  const clean = zip.trim();
  if (!zipPattern.test(clean)) return undefined;
  const matching = cities.filter((c) => (c.zips as readonly string[]).includes(clean));
  if (matching.length === 0) return undefined;
  return { zip: clean, cities: matching, office: offices.find((o) => o.id === matching[0]!.officeId)! };
}
