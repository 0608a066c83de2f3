/**
 * The referral program: each customer's code (made on demand), clicks on referral links (per code and
 * a keyed client hash, nothing personal), referrals (a friend sent by a referrer, with the lead that
 * carried them, flags for staff and the job that qualified them) and the credits ledger (one credit
 * per referral at most, so a replayed job never pays twice).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('referral_codes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().unique().references('customers.id'))
    // Crockford base 32 without I, L, O, U: nothing to misread.
    .addColumn('code', 'text', (c) => c.notNull().unique().check(sql`code ~ '^[0-9A-HJKMNP-TV-Z]{8}$'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('referral_clicks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('code_id', 'integer', (c) => c.notNull().references('referral_codes.id'))
    .addColumn('client_hash', 'text')
    .addColumn('landing', 'text', (c) => c.notNull().check(sql`landing in ('ref', 'referred-by')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('referral_clicks_code_idx').on('referral_clicks').columns(['code_id', 'client_hash', 'created_at']).execute();

  await db.schema
    .createTable('referrals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('public_id', 'text', (c) => c.notNull().unique().check(sql`public_id ~ '^[A-Za-z0-9_-]{20,64}$'`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('offer', 'refer-a-friend')`))
    .addColumn('code_id', 'integer', (c) => c.references('referral_codes.id'))
    .addColumn('referrer_customer_id', 'integer', (c) => c.references('customers.id'))
    // What the referrer typed on /refer-a-friend (kept when no customer matched, for staff to find them).
    .addColumn('referrer_name', 'text')
    .addColumn('referrer_email', 'text')
    .addColumn('referrer_phone', 'text')
    .addColumn('friend_name', 'text', (c) => c.notNull())
    .addColumn('friend_email', 'text')
    .addColumn('friend_phone', 'text', (c) => c.notNull())
    .addColumn('friend_phone_digits', 'text')
    .addColumn('friend_customer_id', 'integer', (c) => c.references('customers.id'))
    .addColumn('lead_id', 'integer', (c) => c.unique().references('leads.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'qualified', 'credited', 'ineligible', 'flagged')`))
    .addColumn('flags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('approved_by', 'text')
    .addColumn('ineligible_reason', 'text')
    .addColumn('qualifying_job_id', 'integer', (c) => c.unique().references('jobs.id'))
    .addColumn('qualified_at', 'timestamptz')
    .addColumn('credited_at', 'timestamptz')
    .addColumn('client_hash', 'text')
    .addColumn('consent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('referrals_created_idx').on('referrals').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('referrals_friend_email_idx').on('referrals').column('friend_email').execute();
  await db.schema.createIndex('referrals_friend_phone_idx').on('referrals').column('friend_phone_digits').execute();
  await db.schema.createIndex('referrals_referrer_idx').on('referrals').column('referrer_customer_id').execute();
  await db.schema.createIndex('referrals_client_idx').on('referrals').columns(['client_hash', 'created_at']).execute();

  await db.schema
    .createTable('referral_credits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
    // One credit per referral: a replayed or edited job can never credit twice.
    .addColumn('referral_id', 'integer', (c) => c.unique().references('referrals.id'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('used_note', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('referral_credits_customer_idx').on('referral_credits').column('customer_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('referral_credits').execute();
  await db.schema.dropTable('referrals').execute();
  await db.schema.dropTable('referral_clicks').execute();
  await db.schema.dropTable('referral_codes').execute();
}
