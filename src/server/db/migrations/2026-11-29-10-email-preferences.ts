/**
 * Customer email: staff's wording of each template (the defaults live in code), each address's
 * preferences with the random token its links carry, and the suppression list (hard bounces and
 * complaints) checked when a message is sent. Customer emails in the outbox may name their customer.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_templates')
    .addColumn('key', 'text', (c) => c.primaryKey().check(sql`key ~ '^[a-z0-9-]{1,60}$'`))
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`length(subject) between 1 and 300`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`length(body) between 1 and 20000`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('email_preferences')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // Lower-cased and trimmed: one row per address, whatever its spelling in a customer record.
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(btrim(email)) and length(email) between 3 and 254`))
    // The capability in every preferences and unsubscribe link: 32 random bytes, base64url; bound to this address only.
    .addColumn('token', 'text', (c) => c.notNull().unique().check(sql`token ~ '^[A-Za-z0-9_-]{43}$'`))
    .addColumn('review_requests', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('referral_emails', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('service_reminders', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('offers', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('unsubscribed_all', 'boolean', (c) => c.notNull().defaultTo(false))
    // How the last change was made: 'link' (the preferences page) or 'one-click' (RFC 8058).
    .addColumn('changed_via', 'text')
    .addColumn('changed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('email_suppressions')
    .addColumn('email', 'text', (c) => c.primaryKey().check(sql`email = lower(btrim(email))`))
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('hard_bounce', 'complaint')`))
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.alterTable('outbox_messages').addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_messages').dropColumn('customer_id').execute();
  await db.schema.dropTable('email_suppressions').execute();
  await db.schema.dropTable('email_preferences').execute();
  await db.schema.dropTable('email_templates').execute();
}
