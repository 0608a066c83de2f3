/**
 * Text messages: the consent records of /sms-signup (the exact disclosure text shown, when, from
 * where, the client hash) and every opt-in and opt-out per number (web form, STOP / START keywords,
 * Twilio refusing an unsubscribed number), newest last. A number's standing is its latest event.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sms_consents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull().check(sql`phone ~ '^\\+[1-9][0-9]{7,14}$'`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'spam')`))
    .addColumn('spam_reason', 'text')
    .addColumn('disclosure_version', 'text', (c) => c.notNull())
    .addColumn('disclosure_text', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('client_hash', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sms_consents_phone_idx').on('sms_consents').columns(['phone', 'created_at']).execute();

  await db.schema
    .createTable('sms_subscription_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('phone', 'text', (c) => c.notNull().check(sql`phone ~ '^\\+[1-9][0-9]{7,14}$'`))
    .addColumn('event', 'text', (c) => c.notNull().check(sql`event in ('opt_in', 'opt_out')`))
    // web-form, keyword, carrier (Twilio refused the number as unsubscribed)
    .addColumn('via', 'text', (c) => c.notNull().check(sql`via in ('web-form', 'keyword', 'carrier')`))
    // The keyword or message that did it (at most 160 characters), for a keyword event.
    .addColumn('detail', 'text')
    .addColumn('consent_id', 'integer', (c) => c.references('sms_consents.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sms_subscription_events_phone_idx').on('sms_subscription_events').columns(['phone', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_subscription_events').execute();
  await db.schema.dropTable('sms_consents').execute();
}
