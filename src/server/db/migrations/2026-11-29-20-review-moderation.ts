/**
 * Reviews become moderated. A review left on our site (/leave-review, or a request's link) waits
 * (`pending`) until staff approve, reject or mark it as spam; every review stored before this and
 * every review a sync copies from another site is `approved` (the default). A review carries the
 * reviewer's email (private: never published), their consent to publish, up to three photos (ids in
 * the review image store, checked and re-encoded like chat photos), a public reply, a featured flag,
 * the review request it came through, and who moderated it.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reviews')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('approved').check(sql`status in ('pending', 'approved', 'rejected', 'spam')`))
    .addColumn('spam_reason', 'text')
    .addColumn('title', 'text', (c) => c.check(sql`char_length(title) <= 120`))
    // A service id from src/business/services.ts, for reviews left on our site.
    .addColumn('service', 'text', (c) => c.check(sql`char_length(service) <= 60`))
    .addColumn('email', 'text', (c) => c.check(sql`char_length(email) <= 254`))
    // Copies of other sites' reviews are public already; a review left here is published only with consent.
    .addColumn('consent_to_publish', 'boolean', (c) => c.notNull().defaultTo(true))
    // [{ id, width, height }], ids in the review image store.
    .addColumn('photos', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('reply_text', 'text', (c) => c.check(sql`char_length(reply_text) <= 2000`))
    .addColumn('reply_by', 'text')
    .addColumn('reply_at', 'timestamptz')
    .addColumn('featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('review_request_id', 'integer', (c) => c.references('review_requests.id').onDelete('set null'))
    .addColumn('client_hash', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text')
    .addColumn('moderated_by', 'text')
    .addColumn('moderated_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('reviews_status_idx').on('reviews').columns(['status', 'created_at desc']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reviews_status_idx').execute();
  await db.schema
    .alterTable('reviews')
    .dropColumn('moderated_at').dropColumn('moderated_by').dropColumn('request_hash').dropColumn('idempotency_key').dropColumn('client_hash')
    .dropColumn('review_request_id').dropColumn('featured').dropColumn('reply_at').dropColumn('reply_by').dropColumn('reply_text').dropColumn('photos')
    .dropColumn('consent_to_publish').dropColumn('email').dropColumn('service').dropColumn('title').dropColumn('spam_reason').dropColumn('status')
    .execute();
}
