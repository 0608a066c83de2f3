/**
 * Review requests: one per completed job, a first email the next morning and at most two reminders.
 * The token in the email's link opens /leave-review/{token} pre-filled; a review left through it, an
 * unsubscribe, a bounce or staff stop the sequence. Review settings hold the links every customer is
 * offered (no gating by rating), the master switch and the send hour.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('review_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique().check(sql`public_id ~ '^[A-Za-z0-9_-]{20,64}$'`))
    // The capability in the email's link: 32 random bytes, base64url.
    .addColumn('token', 'text', (c) => c.notNull().unique().check(sql`token ~ '^[A-Za-z0-9_-]{40,64}$'`))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    .addColumn('job_id', 'integer', (c) => c.notNull().unique().references('jobs.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('waiting').check(sql`status in ('waiting', 'reviewed', 'stopped', 'done')`))
    // Emails sent so far: 0 before the request, 1 after it, 2 and 3 after the reminders.
    .addColumn('step', 'integer', (c) => c.notNull().defaultTo(0).check(sql`step between 0 and 3`))
    .addColumn('next_send_at', 'timestamptz')
    .addColumn('first_sent_at', 'timestamptz')
    .addColumn('last_sent_at', 'timestamptz')
    .addColumn('stop_reason', 'text')
    .addColumn('opened_at', 'timestamptz')
    .addColumn('review_id', 'integer', (c) => c.references('reviews.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('review_requests_due_idx').on('review_requests').columns(['status', 'next_send_at']).execute();
  await db.schema.createIndex('review_requests_customer_idx').on('review_requests').columns(['customer_id', 'created_at']).execute();

  await db.schema
    .createTable('review_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    // Hour of day, America/Chicago, when requests and reminders go out.
    .addColumn('send_hour', 'integer', (c) => c.notNull().defaultTo(9).check(sql`send_hour between 8 and 18`))
    .addColumn('google_url', 'text')
    .addColumn('facebook_url', 'text')
    .addColumn('yelp_url', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('review_settings').execute();
  await db.schema.dropTable('review_requests').execute();
}
