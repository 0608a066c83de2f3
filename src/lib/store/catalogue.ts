/**
 * The store's catalogue as the pages and islands show it: the active rows of the products table,
 * read at build time (src/server/store/catalogue.ts). Prices shown from here are the build's;
 * the server reads every price again at checkout.
 */
export type StoreKind = 'membership' | 'product';
export type StorePropertyType = 'residential' | 'commercial' | 'rental';

export interface StoreItem {
  slug: string;
  kind: StoreKind;
  name: string;
  description: string;
  features: string[];
  priceCents: number;
  /** Months a membership lasts; null for a product. */
  termMonths: number | null;
  propertyType: StorePropertyType;
  image: string | null;
}

/** Slugs that are pages of the store themselves (/store/checkout/cart, /store/checkout/success), never a product. */
export const reservedStoreSlugs = ['cart', 'success'] as const;

export const isReservedStoreSlug = (slug: string): boolean => (reservedStoreSlugs as readonly string[]).includes(slug);

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 13925 → "$139.25". */
export const formatCents = (cents: number): string => usd.format(cents / 100);

/** 12 → "1 year", 36 → "3 years", 6 → "6 months", 18 → "18 months". */
export function termLabel(months: number): string {
  if (months % 12 === 0) return months === 12 ? '1 year' : `${months / 12} years`;
  return months === 1 ? '1 month' : `${months} months`;
}

export const propertyTypeLabel: Record<StorePropertyType, string> = {
  residential: 'For homes',
  commercial: 'For businesses',
  rental: 'For rental properties',
};

/** A membership covers one address, so its line is always 1; a product may be 1 to max. */
export const maxQuantityFor = (kind: StoreKind, productMax: number): number => (kind === 'membership' ? 1 : productMax);
