/** 404 log: one row per missing path with how often it was asked for (SPEC §2, §7). */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('not_found_hits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull().unique().check(sql`char_length(path) between 1 and 2048`))
    .addColumn('last_requested_url', 'text', (c) => c.notNull().check(sql`char_length(last_requested_url) <= 2048`))
    .addColumn('last_referrer', 'text', (c) => c.check(sql`char_length(last_referrer) <= 2048`))
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createIndex('not_found_hits_last_seen_idx').on('not_found_hits').column('last_seen_at desc').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('not_found_hits').execute();
}
