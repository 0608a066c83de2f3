/** Reviews: synced from Google Places, left on our own site, or local demo rows; read by the reviews blocks. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('rating', 'smallint', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('author_name', 'text', (c) => c.notNull())
    .addColumn('profile_photo_url', 'text')
    // The provider's own wording ("a month ago"), refreshed on each sync; null: computed from timestamp.
    .addColumn('relative_time', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    // Seconds since the epoch when the review was written (SPEC §3), used for structured-data dates.
    .addColumn('timestamp', 'bigint', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo('general'))
    // The provider's id (Google's review resource name); a re-run of a sync updates instead of duplicating.
    .addColumn('external_id', 'text')
    // Reviews written to us directly may carry Review markup; copies of other sites' reviews may not.
    .addColumn('is_first_party', 'boolean', (c) => c.notNull().generatedAlwaysAs(sql`source in ('website', 'custom_review', 'email_link')`).stored())
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('reviews_source_external_id_key', ['source', 'external_id'])
    .execute();

  await db.schema.createIndex('reviews_rating_timestamp_idx').on('reviews').columns(['rating desc', 'timestamp desc']).execute();
  await db.schema.createIndex('reviews_category_idx').on('reviews').column('category').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reviews').execute();
}
