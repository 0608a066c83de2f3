/**
 * The store's catalogue: memberships and products with their prices in cents. Seeded from
 * src/business/memberships.ts (insert-if-missing); staff edit it on /admin/products, and the store
 * and /membership-benefits are built from it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull().unique().check(sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('membership', 'product')`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 120`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo('').check(sql`char_length(description) <= 2000`))
    .addColumn('features', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_typeof(features) = 'array'`))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('term_months', 'integer')
    .addColumn('property_type', 'text', (c) => c.notNull().check(sql`property_type in ('residential', 'commercial', 'rental')`))
    .addColumn('image', 'text', (c) => c.check(sql`char_length(image) <= 300`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('products_term_months_check', sql`(kind = 'membership' and term_months is not null and term_months between 1 and 60) or (kind = 'product' and term_months is null)`)
    .execute();
  await db.schema.createIndex('products_order_idx').on('products').columns(['sort_order', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('products').execute();
}
