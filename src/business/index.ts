/**
 * The one source of business facts. Everything is validated once, here, at import: a wrong phone
 * number, a duplicate slug or a city pointing at a missing office stops the build with a message.
 */
import { z } from 'zod';
import { company as companyData } from './company';
import { offices as officeData, type OfficeId } from './offices';
import { services as serviceData, type ServiceId } from './services';
import { cities as cityData, regions as regionData, type CityId, type RegionId } from './cities';
import { industries as industryData, type IndustryId } from './industries';
import { memberships as membershipData, products as productData } from './memberships';
import { aboutMenu, companyLinks, contactMenu, portalMenu } from './navigation';
import {
  citySchema, companySchema, industrySchema, linkSchema, membershipSchema, officeSchema,
  productSchema, regionSchema, serviceSchema,
} from './schema';

export type { OfficeId, ServiceId, CityId, RegionId, IndustryId };

function validate<T>(what: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
    throw new Error(`The business facts in src/business/ are invalid (${what}):\n${problems}\nFix the value in src/business/ and build again.`);
  }
  return result.data;
}

function assert(condition: boolean, message: string): void {
  if (!condition) throw new Error(`The business facts in src/business/ are inconsistent: ${message}`);
}

export const company = validate('company', companySchema, companyData) && companyData;
export const offices = validate('offices', z.array(officeSchema).length(2), officeData) && officeData;
export const services = validate('services', z.array(serviceSchema), serviceData) && serviceData;
export const regions = validate('regions', z.array(regionSchema).length(2), regionData) && regionData;
export const cities = validate('cities', z.array(citySchema).length(16), cityData) && cityData;
export const industries = validate('industries', z.array(industrySchema).length(4), industryData) && industryData;
export const memberships = validate('memberships', z.array(membershipSchema), membershipData) && membershipData;
export const products = validate('products', z.array(productSchema), productData) && productData;

export type Office = (typeof officeData)[number];
export type Service = (typeof serviceData)[number];
export type City = (typeof cityData)[number];
export type Region = (typeof regionData)[number];
export type Industry = (typeof industryData)[number];
export type Membership = (typeof membershipData)[number];
export type NavLink = { label: string; href: string };

const officeIds = new Set<string>(offices.map((o) => o.id));
const regionIds = new Set<string>(regions.map((r) => r.id));
for (const city of cities) {
  assert(officeIds.has(city.officeId), `city ${city.id} names office ${city.officeId}, which does not exist`);
  assert(regionIds.has(city.region), `city ${city.id} names region ${city.region}, which does not exist`);
}
assert(cities.filter((c) => c.region === 'austin-metro').length === 9, 'the Austin Metro region must list 9 cities');
assert(cities.filter((c) => c.region === 'marble-falls-area').length === 7, 'the Marble Falls Area region must list 7 cities');

/** Every service route with the service it shows; secondary routes name their canonical primary. */
export const serviceRoutes = services.flatMap((s) => [
  { path: `/${s.slug}`, service: s, canonicalPath: `/${s.slug}`, primary: true },
  ...('alsoAt' in s ? s.alsoAt : []).map((alt) => ({ path: `/${alt}`, service: s, canonicalPath: `/${s.slug}`, primary: false })),
]);

const topLevelPaths = [
  ...serviceRoutes.map((r) => r.path),
  ...cities.map((c) => `/${c.route}`),
];
assert(new Set(topLevelPaths).size === topLevelPaths.length, 'two services or cities share a route');

export const officeById = (id: OfficeId | string): Office => {
  const office = offices.find((o) => o.id === id);
  if (!office) throw new Error(`No office with id "${id}". Known offices: ${[...officeIds].join(', ')}.`);
  return office;
};
export const serviceById = (id: ServiceId): Service => services.find((s) => s.id === id)!;
export const cityById = (id: CityId): City => cities.find((c) => c.id === id)!;
export const citiesInRegion = (id: RegionId): City[] => cities.filter((c) => c.region === id);

export const austinOffice = officeById('austin');
export const marbleFallsOffice = officeById('marble-falls');

/** Straight-line distance in miles, for "about N miles from our office" copy. */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const toRad = (d: number) => (d * Math.PI) / 180;
  const dLat = toRad(b.latitude - a.latitude);
  const dLon = toRad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.sqrt(h));
}

export const cityPath = (c: City): string => `/${c.route}`;
export const servicePath = (s: Service): string => `/${s.slug}`;
export const industryPath = (i: Industry): string => `/commercial/${i.slug}`;

/** The Services menu: every primary service route, grouped. */
export const servicesMenu: { group: string; links: NavLink[] }[] = [
  { group: 'Residential', links: services.filter((s) => s.group === 'residential' && s.kind === 'service').map((s) => ({ label: s.title, href: servicePath(s) })) },
  {
    group: 'Commercial',
    links: [
      ...services.filter((s) => s.group === 'commercial').map((s) => ({ label: s.title, href: servicePath(s) })),
      ...industries.map((i) => ({ label: i.title, href: industryPath(i) })),
    ],
  },
  { group: 'Seasonal & guides', links: services.filter((s) => s.group === 'seasonal' || s.kind === 'guide').map((s) => ({ label: s.title, href: servicePath(s) })) },
  { group: 'More', links: [{ label: 'All Services', href: '/services' }, { label: 'Plumber Near Me', href: '/plumber-near-me' }] },
];

/** The Areas menu: both regions with their cities, then the hub. */
export const areasMenu: { group: string; links: NavLink[] }[] = [
  ...regions.map((r) => ({ group: r.name, links: citiesInRegion(r.id).map((c) => ({ label: c.name, href: cityPath(c) })) })),
  { group: 'All areas', links: [{ label: 'Service Area Overview', href: '/service-area' }] },
];

export const menus = {
  contact: validate('contact menu', z.array(linkSchema), contactMenu) && contactMenu,
  about: validate('about menu', z.array(linkSchema), aboutMenu) && aboutMenu,
  portal: validate('portal menu', z.array(linkSchema), portalMenu) && portalMenu,
  services: servicesMenu,
  areas: areasMenu,
};
export const footerCompanyLinks = validate('company links', z.array(linkSchema), companyLinks) && companyLinks;
