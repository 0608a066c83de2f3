/**
 * Everything the assistant may state, derived from src/business: phones, hours, offices, cities and
 * ZIP codes, memberships and price ranges, formatted for replies. Nothing here is typed by hand.
 */
import { cities, cityPath, company, memberships, officeById, offices, products, services, type City, type Office } from '../../../business';
import { priceFactors, priceGuides } from '../../../business/pricing';
import { fold } from './text';
import { friendDiscountCents, qualifyingJobMinimumCents, referrerCreditCents } from '../../../business/referrals';

export type Language = 'en' | 'es';
export type PriceGuide = (typeof priceGuides)[number];

/** "$1,800", "$139.25", "$599.80": whole dollars without cents, otherwise two decimals. */
export function formatDollars(amount: number): string {
  const whole = Number.isInteger(amount);
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** "$150–$350", or "up to $99" when the range starts at zero. */
export function formatRange(guide: { low: number; high: number }, language: Language = 'en'): string {
  if (guide.low === 0) return `${language === 'es' ? 'hasta' : 'up to'} ${formatDollars(guide.high)}`;
  return `${formatDollars(guide.low)}–${formatDollars(guide.high)}`;
}

/** "07:30" → "7:30 AM". */
export function formatClock(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const suffix = h >= 12 ? 'PM' : 'AM';
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${suffix}`;
}

export const opens = formatClock(company.hours.weekdays.opens);
export const closes = formatClock(company.hours.weekdays.closes);
export const licence = `${company.licence.label} licence ${company.licence.number}`;

/** Every dollar amount the site publishes, in cents: the only amounts a reply may contain. */
export const publishedAmountsInCents: ReadonlySet<number> = new Set([
  ...priceGuides.flatMap((g) => [g.low, g.high]),
  ...memberships.map((m) => m.price),
  ...products.map((p) => p.price),
].map((amount) => Math.round(amount * 100)).concat(
  // The referral program's amounts (src/business/referrals.ts), already in cents.
  friendDiscountCents, qualifyingJobMinimumCents, referrerCreditCents,
));

/**
 * Store products a message names by the first word of their name in src/business ("Bio-Pure"), with
 * or without its hyphen.
 */
export function productsNamed(folded: string): (typeof products)[number][] {
  // "Do you sell a septic treatment?": a word of its name no service uses, asked about as something sold.
  const sold = soldWords.test(folded);
  return products.filter((_, i) => productPatterns[i]!.brand.test(folded) || sold && productPatterns[i]!.own?.test(folded));
}

/** Words that ask about something sold, not a job. */
const soldWords = /\b(sell|sells|selling|sold|store|shop|buy|purchase|order|product|bottle|treatment|additive)\b/;
/** Words of the service titles and summaries: a product word among them ("drain") names a job too. */
const serviceWords = new Set(services.flatMap((s) => fold(`${s.title} ${s.short}`).split(/[^a-z0-9]+/)));
/** Each product's brand (the first word of its name, with or without its hyphen) and the other words of its name no service uses. */
const productPatterns = products.map((p) => {
  const brand = fold(p.name.split(/\s+/)[0]!).replace(/[^a-z0-9-]/g, '');
  const own = fold(p.name).split(/[^a-z0-9]+/).filter((w) => w.length >= 2 && !serviceWords.has(w) && !brand.split('-').includes(w) && !/^\d/.test(w));
  return {
    brand: brand.length >= 4 ? new RegExp(`\\b${brand.replace(/-/g, '[- ]?')}\\b`) : /$^/,
    own: own.length > 0 ? new RegExp(`\\b(${own.join('|')})\\b`) : undefined,
  };
});

/** Office phone numbers as 10 digits: the only phone numbers a reply may contain. */
export const publishedPhoneDigits: ReadonlySet<string> = new Set(offices.map((o) => o.phone.replace(/\D/g, '')));

export const officePhones = (language: Language): string => language === 'es'
  ? `Austin al ${officeById('austin').phone} o Marble Falls al ${officeById('marble-falls').phone}`
  : `Austin at ${officeById('austin').phone} or Marble Falls at ${officeById('marble-falls').phone}`;

/** "our Austin office at (512) 368-9159" / "nuestra oficina de Austin al (512) 368-9159". */
export const officePhone = (office: Office, language: Language): string => language === 'es'
  ? `nuestra oficina de ${office.name} al ${office.phone}`
  : `our ${office.name} office at ${office.phone}`;

/** Call-us phrase for one office when known, both otherwise. */
export function callUs(office: Office | undefined, language: Language): string {
  if (office) return officePhone(office, language);
  return language === 'es' ? `nuestras oficinas de ${officePhones('es')}` : `our offices in ${officePhones('en')}`;
}

export const hoursSentence = (language: Language): string => language === 'es'
  ? `Nuestro horario es de lunes a viernes, de ${opens} a ${closes}; sábados y domingos solo con cita, y atendemos emergencias 24/7.`
  : `Our office hours are Monday to Friday, ${opens} to ${closes}; Saturday and Sunday are by appointment only, and emergency service is 24/7.`;

export const citiesByRegion = (): { region: string; names: string[] }[] => [
  { region: 'Austin Metro', names: cities.filter((c) => c.region === 'austin-metro').map((c) => c.name) },
  { region: 'Marble Falls Area', names: cities.filter((c) => c.region === 'marble-falls-area').map((c) => c.name) },
];

export const officeOfCity = (city: City): Office => officeById(city.officeId);

/** Cities whose published ZIP list contains `zip` (78654 is both Marble Falls and Granite Shoals). */
export const citiesWithZip = (zip: string): City[] => cities.filter((c) => (c.zips as readonly string[]).includes(zip));

export const cityLink = cityPath;

export { cities, company, memberships, offices, priceFactors, priceGuides, products };
