/** Tracking phone numbers: one row per traffic channel, the number shown to visitors from it (SPEC §3, §5). */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tracking_numbers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('channel_key', 'text', (c) => c.notNull().unique().check(sql`channel_key ~ '^[a-z0-9][a-z0-9_-]{0,39}$'`))
    // Null until staff enter the channel's number; visitors then see the office number.
    .addColumn('display_number', 'text', (c) => c.check(sql`char_length(display_number) <= 40`))
    .addColumn('tel_link', 'text', (c) => c.check(sql`char_length(tel_link) <= 60`))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    // JSON text: { urlParams?: string[], utmSources?: string[], referrerIncludes?: string[] }.
    .addColumn('detection_rules', 'text', (c) => c.notNull().defaultTo('{}').check(sql`char_length(detection_rules) <= 4000`))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // At most one default channel.
  await sql`create unique index tracking_numbers_one_default_idx on tracking_numbers (is_default) where is_default`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tracking_numbers').execute();
}
