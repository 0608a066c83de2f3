/**
 * Places a visitor names: our 16 cities (by name or ZIP), the page they are on, and nearby places
 * that are not on our list, so the assistant can say no instead of guessing.
 */
import type { City } from '../../../business';
import { cities, citiesWithZip } from './facts';
import { fold } from './text';

const aliases: Record<string, string[]> = {
  'horseshoe-bay': ['hsb'],
  pflugerville: ['pville', 'pfville'],
  'round-rock': ['roundrock'],
  'cedar-park': ['cedarpark'],
};

/**
 * Well-known Texas places near our area that are NOT among the 16 cities. Naming them lets the
 * assistant answer "that is not on our list" rather than treat the name as unknown text.
 */
export const placesNotServed = [
  'San Antonio', 'San Marcos', 'New Braunfels', 'Dripping Springs', 'Lakeway', 'Bee Cave', 'Hutto', 'Taylor',
  'Manor', 'Elgin', 'Bastrop', 'Lockhart', 'Wimberley', 'Llano', 'Lampasas', 'Johnson City', 'Houston', 'Dallas',
  'Fort Worth', 'Waco', 'Temple', 'Killeen', 'Salado', 'Jarrell', 'Florence', 'Del Valle', 'Kerrville',
  'Fredericksburg', 'Blanco', 'Smithville', 'Luling', 'San Saba', 'Buchanan Dam', 'Cottonwood Shores', 'Meadowlakes',
  'Lago Vista', 'Jonestown', 'Volente', 'Round Mountain', 'Briarcliff', 'Point Venture', 'West Lake Hills',
  'Westlake', 'Rollingwood', 'Sunset Valley', 'Hays', 'Seguin', 'Belton', 'Harker Heights', 'Copperas Cove',
  'Marble Falls Texas',
].filter((name) => name !== 'Marble Falls Texas');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const namePattern = (name: string) => new RegExp(`(?:^|[^a-z])${escape(fold(name)).replace(/ /g, '\\s+')}(?:$|[^a-z])`);

const cityPatterns = cities.map((city) => ({
  city,
  patterns: [city.name, ...(aliases[city.id] ?? [])].map(namePattern),
}));
const notServedPatterns = placesNotServed.map((name) => ({ name, pattern: namePattern(name) }));

export interface PlaceMention {
  /** Our cities named in the text (by name or ZIP). */
  cities: City[];
  /** ZIP codes in the text, with the cities that have them (none: not a ZIP we list). */
  zips: { zip: string; cities: City[] }[];
  /** Named places that are not among our 16 cities. */
  notServed: string[];
}

/** Finds the places in a message. "Burnet County" still names Burnet; "Austin Metro" names Austin. */
export function findPlaces(text: string): PlaceMention {
  const folded = fold(text);
  const zips = [...new Set(folded.match(/(?<!\d)\d{5}(?!\d)/g) ?? [])].map((zip) => ({ zip, cities: citiesWithZip(zip) }));
  const named = cityPatterns.filter((c) => c.patterns.some((p) => p.test(folded))).map((c) => c.city);
  const notServed = notServedPatterns
    .filter((p) => p.pattern.test(folded))
    // "West Lake Hills" also contains "Westlake"-like words; keep the longest name per position.
    .map((p) => p.name)
    .filter((name, _, all) => !all.some((other) => other !== name && fold(other).includes(fold(name))));
  const all = [...named, ...zips.flatMap((z) => z.cities)];
  return { cities: [...new Map(all.map((c) => [c.id, c])).values()], zips, notServed };
}

/** The city whose page the visitor is on (`/plumber-kyle`, `/service-area/kyle`), if any. */
export function cityOfPage(pageContext: string): City | undefined {
  const path = fold(pageContext.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  return cities.find((c) => path === `/${c.route}` || path === `/service-area/${c.id}`);
}
