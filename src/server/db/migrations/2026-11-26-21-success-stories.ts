/**
 * Success stories customers send from /success-stories. A story waits (`pending`) until staff
 * approve it; spam (a filled trap, a form sent too fast) is kept and never shown. Photos are ids in
 * the story image store; staff choose which of them the page shows. The customer's consent to
 * publish their name and photos is required to send one, and kept with the time it was given.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('success_stories')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'approved', 'spam')`))
    .addColumn('spam_reason', 'text')
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn('city', 'text', (c) => c.notNull().check(sql`char_length(city) between 1 and 60`))
    .addColumn('service', 'text', (c) => c.notNull().check(sql`char_length(service) between 1 and 60`))
    .addColumn('story', 'text', (c) => c.notNull().check(sql`char_length(story) between 1 and 3000`))
    .addColumn('consent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('before_photo', 'text', (c) => c.check(sql`before_photo ~ '^[a-f0-9]{32}$'`))
    .addColumn('before_width', 'integer')
    .addColumn('before_height', 'integer')
    .addColumn('after_photo', 'text', (c) => c.check(sql`after_photo ~ '^[a-f0-9]{32}$'`))
    .addColumn('after_width', 'integer')
    .addColumn('after_height', 'integer')
    .addColumn('show_before', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('show_after', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('client_hash', 'text')
    .addColumn('approved_by', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('updated_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('success_stories_status_idx').on('success_stories').columns(['status', 'created_at desc']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('success_stories').execute();
}
