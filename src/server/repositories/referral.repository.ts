/**
 * The referral program's SQL: codes, clicks, referrals and credits. Plain functions taking db (or a
 * transaction) first; the rules live in services/referral-*.ts.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { NewReferral, Referral, ReferralCode, ReferralCredit, ReferralFlag, ReferralStatus } from '../db/tables/referral.table';

export type { Referral, ReferralCode, ReferralCredit };

export async function findCodeOfCustomer(db: Kysely<Database>, customerId: number): Promise<ReferralCode | undefined> {
  return db.selectFrom('referral_codes').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
}

/** Inserts the customer's code; undefined when the customer got one meanwhile or the code is taken (the caller retries). */
export async function insertCode(db: Kysely<Database>, customerId: number, code: string): Promise<ReferralCode | undefined> {
  return db.insertInto('referral_codes').values({ customer_id: customerId, code }).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
}

/** The code with its customer's name and contacts (the referrer; the record it was merged into, if any), or undefined. */
export async function findCodeWithReferrer(db: Kysely<Database>, code: string) {
  return db.selectFrom('referral_codes as rc').innerJoin('customers as owner', 'owner.id', 'rc.customer_id')
    .innerJoin('customers as c', (join) => join.on((eb) => eb('c.id', '=', eb.fn.coalesce('owner.merged_into_id', 'owner.id'))))
    .select(['rc.id as code_id', 'rc.code', 'c.id as customer_id', 'c.name', 'c.email', 'c.phone_digits'])
    .where('rc.code', '=', code).executeTakeFirst();
}

export async function insertClick(db: Kysely<Database>, codeId: number, clientHash: string | null, landing: 'ref' | 'referred-by', now: Date): Promise<void> {
  await db.insertInto('referral_clicks').values({ code_id: codeId, client_hash: clientHash, landing, created_at: now }).execute();
}

/** Whether this client clicked this code since `since` (one visit counts once). */
export async function hasClickSince(db: Kysely<Database>, codeId: number, clientHash: string, since: Date): Promise<boolean> {
  const row = await db.selectFrom('referral_clicks').select('id').where('code_id', '=', codeId).where('client_hash', '=', clientHash).where('created_at', '>=', since).executeTakeFirst();
  return row !== undefined;
}

/** Stores a referral; a concurrent retry of the same lead gets the referral the first one stored. */
export async function insertReferral(db: Kysely<Database>, referral: Omit<NewReferral, 'flags'> & { flags: ReferralFlag[] }): Promise<Referral> {
  const stored = await db.insertInto('referrals').values({ ...referral, flags: JSON.stringify(referral.flags) }).onConflict((oc) => oc.column('lead_id').doNothing()).returningAll().executeTakeFirst();
  return stored ?? (await db.selectFrom('referrals').selectAll().where('lead_id', '=', referral.lead_id!).executeTakeFirstOrThrow());
}

export async function findReferralByLead(db: Kysely<Database>, leadId: number): Promise<Referral | undefined> {
  return db.selectFrom('referrals').selectAll().where('lead_id', '=', leadId).executeTakeFirst();
}

/** How many referrals this client sent since `since`. */
export async function countReferralsFromClient(db: Kysely<Database>, clientHash: string, since: Date): Promise<number> {
  const row = await db.selectFrom('referrals').select((eb) => eb.fn.countAll<string>().as('n')).where('client_hash', '=', clientHash).where('created_at', '>=', since).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether a referral (not ruled ineligible) already names this friend by email or phone. */
export async function friendAlreadyReferred(db: Kysely<Database>, email: string | null, phoneDigits: string | null): Promise<boolean> {
  if (!email && !phoneDigits) return false;
  const row = await db.selectFrom('referrals').select('id').where('status', '!=', 'ineligible')
    .where((eb) => eb.or([...(email ? [eb('friend_email', '=', email)] : []), ...(phoneDigits ? [eb('friend_phone_digits', '=', phoneDigits)] : [])]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a customer matching this email or phone has had a job with us. */
export async function hasCustomerWithJobs(db: Kysely<Database>, email: string | null, phoneDigits: string | null, exceptCustomerId: number | null): Promise<number | undefined> {
  if (!email && !phoneDigits) return undefined;
  let query = db.selectFrom('customers as c').innerJoin('jobs as j', 'j.customer_id', 'c.id').select('c.id').where('c.merged_into_id', 'is', null)
    .where((eb) => eb.or([...(email ? [eb('c.email', '=', email)] : []), ...(phoneDigits ? [eb('c.phone_digits', '=', phoneDigits)] : [])]));
  if (exceptCustomerId !== null) query = query.where('c.id', '!=', exceptCustomerId);
  return (await query.executeTakeFirst())?.id;
}

/** The oldest open referral of this friend (by customer, email or phone), locked for the reward. */
export async function lockOpenReferralForFriend(db: Kysely<Database>, customer: { id: number; email: string | null; phone_digits: string | null }): Promise<Referral | undefined> {
  return db.selectFrom('referrals').selectAll()
    .where('status', 'in', ['pending', 'flagged'])
    .where('qualifying_job_id', 'is', null)
    .where((eb) => eb.or([
      eb('friend_customer_id', '=', customer.id),
      ...(customer.email ? [eb('friend_email', '=', customer.email)] : []),
      ...(customer.phone_digits ? [eb('friend_phone_digits', '=', customer.phone_digits)] : []),
    ]))
    .orderBy('created_at').orderBy('id').limit(1).forUpdate().executeTakeFirst();
}

export async function lockReferralByPublicId(db: Kysely<Database>, publicId: string): Promise<Referral | undefined> {
  return db.selectFrom('referrals').selectAll().where('public_id', '=', publicId).forUpdate().executeTakeFirst();
}

export interface ReferralChanges {
  status?: ReferralStatus;
  flags?: ReferralFlag[];
  approved_at?: Date;
  approved_by?: string;
  ineligible_reason?: string;
  qualifying_job_id?: number;
  qualified_at?: Date;
  credited_at?: Date;
  friend_customer_id?: number;
}

export async function updateReferral(db: Kysely<Database>, id: number, changes: ReferralChanges): Promise<Referral> {
  const { flags, ...rest } = changes;
  return db.updateTable('referrals').set({ ...rest, ...(flags ? { flags: JSON.stringify(flags) } : {}), updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Adds a credit for a referral; undefined when that referral was credited already. */
export async function insertReferralCredit(db: Kysely<Database>, credit: { customer_id: number; referral_id: number; amount_cents: number; reason: string; expires_at: Date; created_by: string; created_at: Date }): Promise<ReferralCredit | undefined> {
  return db.insertInto('referral_credits').values(credit).onConflict((oc) => oc.column('referral_id').doNothing()).returningAll().executeTakeFirst();
}

/** The address keys of a customer's service addresses. */
export async function addressKeysOf(db: Kysely<Database>, customerId: number): Promise<string[]> {
  return (await db.selectFrom('service_addresses').select('address_key').where('customer_id', '=', customerId).execute()).map((r) => r.address_key);
}

export type ReferralSort = 'created_at' | 'status' | 'referrer' | 'friend';

/** One page of referrals for staff, with referrer and friend names and the code. */
export async function listReferrals(db: Kysely<Database>, query: { status?: ReferralStatus | undefined; publicId?: string; sort: ReferralSort; dir: 'asc' | 'desc'; page: number; pageSize: number }) {
  let base = db.selectFrom('referrals as r');
  if (query.status) base = base.where('r.status', '=', query.status);
  if (query.publicId) base = base.where('r.public_id', '=', query.publicId);
  const order = { created_at: sql`r.created_at`, status: sql`r.status`, referrer: sql`lower(coalesce(rc.name, r.referrer_name))`, friend: sql`lower(r.friend_name)` }[query.sort];
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.leftJoin('customers as rc', 'rc.id', 'r.referrer_customer_id')
      .leftJoin('referral_codes as code', 'code.id', 'r.code_id')
      .leftJoin('leads as l', 'l.id', 'r.lead_id')
      .leftJoin('jobs as j', 'j.id', 'r.qualifying_job_id')
      .leftJoin('referral_credits as cr', 'cr.referral_id', 'r.id')
      .selectAll('r')
      .select(['rc.name as referrer_customer_name', 'rc.public_id as referrer_public_id', 'code.code', 'l.reference as lead_reference', 'j.public_id as job_public_id', 'j.invoice_total_cents as job_total_cents', 'cr.amount_cents as credit_cents'])
      .orderBy(sql`${order} ${query.dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`}`).orderBy('r.id', query.dir)
      .limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
  ]);
  return { total: Number(n), rows };
}

/** The credits ledger, newest first, with the customer's name (or one credit, by id). */
export async function listCredits(db: Kysely<Database>, limit = 200, id?: number) {
  let query = db.selectFrom('referral_credits as cr').innerJoin('customers as c', 'c.id', 'cr.customer_id').leftJoin('referrals as r', 'r.id', 'cr.referral_id')
    .select(['cr.id', 'cr.amount_cents', 'cr.reason', 'cr.expires_at', 'cr.used_at', 'cr.used_note', 'cr.created_by', 'cr.created_at', 'c.name as customer_name', 'c.public_id as customer_public_id', 'r.public_id as referral_public_id'])
    .orderBy('cr.created_at', 'desc').orderBy('cr.id', 'desc').limit(limit);
  if (id !== undefined) query = query.where('cr.id', '=', id);
  return query.execute();
}

export async function lockCredit(db: Kysely<Database>, id: number): Promise<ReferralCredit | undefined> {
  return db.selectFrom('referral_credits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function markCreditUsed(db: Kysely<Database>, id: number, note: string, at: Date): Promise<void> {
  await db.updateTable('referral_credits').set({ used_at: at, used_note: note }).where('id', '=', id).execute();
}

/** Clicks, referrals and credited referrals per code, busiest first. */
export async function codeStats(db: Kysely<Database>, limit = 200) {
  return db.selectFrom('referral_codes as rc').innerJoin('customers as c', 'c.id', 'rc.customer_id')
    .select((eb) => [
      'rc.code', 'c.name as customer_name', 'c.public_id as customer_public_id',
      eb.selectFrom('referral_clicks as k').select((e) => e.fn.countAll<string>().as('n')).whereRef('k.code_id', '=', 'rc.id').as('clicks'),
      eb.selectFrom('referrals as r').select((e) => e.fn.countAll<string>().as('n')).whereRef('r.code_id', '=', 'rc.id').as('referrals'),
      eb.selectFrom('referrals as r').select((e) => e.fn.countAll<string>().as('n')).whereRef('r.code_id', '=', 'rc.id').where('r.status', 'in', ['qualified', 'credited']).as('conversions'),
    ])
    .orderBy('rc.created_at', 'desc').limit(limit).execute();
}

/** A customer's referrals (as referrer) and credits, for their portal. */
export async function referralsOfReferrer(db: Kysely<Database>, customerId: number) {
  return db.selectFrom('referrals').select(['public_id', 'friend_name', 'status', 'created_at', 'credited_at']).where('referrer_customer_id', '=', customerId).orderBy('created_at', 'desc').execute();
}

export async function creditsOfCustomer(db: Kysely<Database>, customerId: number): Promise<ReferralCredit[]> {
  return db.selectFrom('referral_credits').selectAll().where('customer_id', '=', customerId).orderBy('created_at', 'desc').execute();
}
