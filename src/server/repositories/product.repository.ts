/**
 * The store's catalogue (products table): what /admin/products edits, what the store and
 * /membership-benefits will be built from, and what the seed writes from src/business/memberships.ts.
 */
import { sql, type Kysely } from 'kysely';
import { memberships, products as shopProducts } from '../../business/memberships';
import type { Database } from '../db/database';
import type { NewProduct, Product, ProductUpdate } from '../db/tables/product.table';

export type { Product };

export type ProductSort = 'order' | 'name' | 'price';

/** Every product, active or not, in the store's order (sort_order, then id), by name or by price. */
export async function listProducts(db: Kysely<Database>, sort: ProductSort = 'order'): Promise<Product[]> {
  let query = db.selectFrom('products').selectAll();
  if (sort === 'name') query = query.orderBy(sql`lower(name)`).orderBy('id');
  else if (sort === 'price') query = query.orderBy('price_cents').orderBy('id');
  else query = query.orderBy('sort_order').orderBy('id');
  return query.execute();
}

/** The active ones, in the store's order. */
export async function listActiveProducts(db: Kysely<Database>): Promise<Product[]> {
  return db.selectFrom('products').selectAll().where('active', '=', true).orderBy('sort_order').orderBy('id').execute();
}

export async function findProductById(db: Kysely<Database>, id: number): Promise<Product | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findProductBySlug(db: Kysely<Database>, slug: string): Promise<Product | undefined> {
  return db.selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirst();
}

type ProductValues = Omit<NewProduct, 'id' | 'created_at' | 'updated_at' | 'features'> & { features: string[] };

export async function insertProduct(db: Kysely<Database>, values: ProductValues): Promise<Product> {
  return db.insertInto('products').values({ ...values, features: JSON.stringify(values.features) }).returningAll().executeTakeFirstOrThrow();
}

/** Inserts a product unless its slug exists, so staff edits are never overwritten. Returns true when it inserted. */
export async function insertProductIfMissing(db: Kysely<Database>, values: ProductValues): Promise<boolean> {
  const inserted = await db
    .insertInto('products')
    .values({ ...values, features: JSON.stringify(values.features) })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Changes the given columns and stamps updated_at; undefined when there is no such product. */
export async function updateProduct(db: Kysely<Database>, id: number, changes: Omit<ProductUpdate, 'id' | 'features'> & { features?: string[] }): Promise<Product | undefined> {
  const { features, ...rest } = changes;
  return db
    .updateTable('products')
    .set({ ...rest, ...(features ? { features: JSON.stringify(features) } : {}), updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Puts the products in the given order (sort_order 10, 20, …); ids not listed keep theirs. */
export async function setProductOrder(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db.updateTable('products').set({ sort_order: (index + 1) * 10, updated_at: new Date() }).where('id', '=', id).execute();
  }
}

/** Dollars as written in src/business (139.25) to cents (13925), without floating-point drift. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/**
 * Today's catalogue from src/business/memberships.ts as rows. Commercial and Rental VIP have no
 * term there; they are sold as yearly plans, so they start at 12 months (an owner can change it).
 */
export function catalogueSeed(): ProductValues[] {
  const rows: ProductValues[] = memberships.map((m) => ({
    slug: m.slug, kind: 'membership', name: m.name, description: '', features: [...m.benefits],
    price_cents: dollarsToCents(m.price), term_months: (m.termYears ?? 1) * 12, property_type: m.audience, image: null,
  }));
  for (const p of shopProducts) {
    rows.push({ slug: p.slug, kind: 'product', name: p.name, description: '', features: [], price_cents: dollarsToCents(p.price), term_months: null, property_type: 'residential', image: null });
  }
  return rows.map((row, index) => ({ ...row, sort_order: (index + 1) * 10, is_demo: false }));
}

/** Adds the catalogue's missing products (by slug); never changes one that exists. Returns how many it added. */
export async function seedProducts(db: Kysely<Database>): Promise<number> {
  let added = 0;
  for (const row of catalogueSeed()) if (await insertProductIfMissing(db, row)) added += 1;
  return added;
}
