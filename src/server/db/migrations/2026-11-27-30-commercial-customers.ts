/**
 * Commercial customers whose names and logos the commercial pages show (/admin/commercial-customers).
 * A row needs the customer's permission to be shown: who recorded it and when are kept with it. The
 * logo is an id in the logo image store with the size it was stored at. `customer_since` is a year
 * (2019) or a date (2019-04-01), as staff know it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('commercial_customers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 120`))
    .addColumn('website', 'text', (c) => c.check(sql`website ~ '^https://' and char_length(website) <= 300`))
    .addColumn('industry', 'text', (c) => c.notNull().check(sql`industry ~ '^[a-z]+(-[a-z]+)*$'`))
    .addColumn('customer_since', 'text', (c) => c.check(sql`customer_since ~ '^[0-9]{4}(-[0-9]{2}-[0-9]{2})?$'`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('permission_recorded_by', 'text', (c) => c.notNull())
    .addColumn('permission_recorded_at', 'timestamptz', (c) => c.notNull())
    .addColumn('logo', 'text', (c) => c.check(sql`logo ~ '^[a-f0-9]{32}$'`))
    .addColumn('logo_width', 'integer')
    .addColumn('logo_height', 'integer')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('commercial_customers_logo_size', sql`(logo is null) = (logo_width is null) and (logo is null) = (logo_height is null)`)
    .execute();
  await db.schema.createIndex('commercial_customers_industry_idx').on('commercial_customers').columns(['industry', 'sort_order']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('commercial_customers').execute();
}
