/**
 * The one customer record grows: jobs (entered by staff, imported from CSV, or posted by a
 * field-service system to the signed webhook), leads linked to the customer they match, and
 * duplicates merged into one record (the duplicate is kept, marked merged, so its public id still
 * leads somewhere).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('customers')
    .addColumn('merged_into_id', 'integer', (c) => c.references('customers.id'))
    .addColumn('merged_at', 'timestamptz')
    .addColumn('notes', 'text')
    .execute();
  await db.schema.createIndex('customers_created_idx').on('customers').columns(['created_at', 'id']).execute();

  await db.schema.alterTable('leads').addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null')).execute();
  await db.schema.createIndex('leads_customer_idx').on('leads').column('customer_id').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique().check(sql`public_id ~ '^[A-Za-z0-9_-]{20,64}$'`))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('service_address_id', 'integer', (c) => c.references('service_addresses.id'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz')
    .addColumn('invoice_total_cents', 'integer', (c) => c.check(sql`invoice_total_cents >= 0`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('admin', 'csv', 'webhook')`))
    /** The field-service system's id: one job per id, so a replayed post or a re-imported file changes nothing twice. */
    .addColumn('external_id', 'text', (c) => c.unique())
    /** SHA-256 of what the webhook or import last sent: the same again is a replay. */
    .addColumn('payload_hash', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('jobs_customer_idx').on('jobs').column('customer_id').execute();
  await db.schema.createIndex('jobs_completed_idx').on('jobs').columns(['completed_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.alterTable('leads').dropColumn('customer_id').execute();
  await db.schema.dropIndex('customers_created_idx').execute();
  await db.schema.alterTable('customers').dropColumn('merged_into_id').dropColumn('merged_at').dropColumn('notes').execute();
}
