/** Build-time read of the store's active catalogue, for /store, the category routes, checkout pages and /membership-benefits. */
import type { StoreItem } from '../../lib/store/catalogue';
import { isReservedStoreSlug } from '../../lib/store/catalogue';
import { withDb } from '../db/connect';
import { listActiveProducts, type Product } from '../repositories/product.repository';

let cached: Promise<StoreItem[]> | undefined;

export function toStoreItem(row: Product): StoreItem {
  return {
    slug: row.slug,
    kind: row.kind,
    name: row.name,
    description: row.description,
    features: row.features,
    priceCents: row.price_cents,
    termMonths: row.term_months,
    propertyType: row.property_type,
    image: row.image,
  };
}

/** The active products in the store's order (read once per build). */
export function loadStoreCatalogue(): Promise<StoreItem[]> {
  cached ??= withDb(async (db) => (await listActiveProducts(db)).filter((row) => !isReservedStoreSlug(row.slug)).map(toStoreItem));
  return cached;
}
