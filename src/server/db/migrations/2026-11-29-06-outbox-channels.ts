/**
 * The outbox carries messages to customers as well as staff, by email or text: each message says its
 * channel, its audience and its category, so consent and suppression are checked when it is sent.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbox_messages')
    .addColumn('channel', 'text', (c) => c.notNull().defaultTo('email').check(sql`channel in ('email', 'sms')`))
    .addColumn('audience', 'text', (c) => c.notNull().defaultTo('staff').check(sql`audience in ('staff', 'customer')`))
    .addColumn('category', 'text', (c) =>
      c.notNull().defaultTo('transactional').check(sql`category in ('transactional', 'review_request', 'referral', 'service_reminder', 'marketing')`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox_messages').dropColumn('category').dropColumn('audience').dropColumn('channel').execute();
}
