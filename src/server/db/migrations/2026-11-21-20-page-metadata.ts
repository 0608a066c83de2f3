/** Page metadata overrides: staff-set title, description and canonical URL for one path (SPEC §3, §7). */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_metadata')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('path', 'text', (c) => c.notNull().unique().check(sql`char_length(path) between 1 and 512`))
    .addColumn('title', 'text', (c) => c.check(sql`char_length(title) <= 200`))
    .addColumn('description', 'text', (c) => c.check(sql`char_length(description) <= 500`))
    .addColumn('canonical', 'text', (c) => c.check(sql`char_length(canonical) <= 2048`))
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_metadata').execute();
}
