/**
 * The customer record and its service addresses. A customer merged into another stays as a row
 * (its public id still resolves) but is never matched, listed or linked again.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { containsPattern } from '../db/like-pattern';
import type { Customer, CustomerChanges, NewCustomer, ServiceAddress } from '../db/tables/customer.table';
import type { StoredAddress } from '../db/tables/order.table';

export type { Customer, ServiceAddress };

/** The customer with this email (lower case) or, failing that, these phone digits; the oldest first. */
export async function findCustomerByContact(db: Kysely<Database>, email: string | null, phoneDigits: string | null): Promise<Customer | undefined> {
  if (email) {
    const byEmail = await db.selectFrom('customers').selectAll().where('email', '=', email).where('merged_into_id', 'is', null).orderBy('id').executeTakeFirst();
    if (byEmail) return byEmail;
  }
  if (!phoneDigits) return undefined;
  return db.selectFrom('customers').selectAll().where('phone_digits', '=', phoneDigits).where('merged_into_id', 'is', null).orderBy('id').executeTakeFirst();
}

/**
 * The same match as `findCustomerByContact` as a subquery, for an insert that links its row to the
 * customer in the same statement (a lead): the email match first, then the phone, the oldest first.
 */
export function customerIdMatching(email: string | null, phoneDigits: string | null) {
  return sql<number | null>`(select c.id from customers c where c.merged_into_id is null and (c.email = ${email} or c.phone_digits = ${phoneDigits}) order by (c.email is not distinct from ${email}) desc, c.id limit 1)`;
}

/** Every live (not merged) customer record with this email (lower case), the oldest first: whom a portal sign-in may reach. */
export async function listCustomersByEmail(db: Kysely<Database>, email: string): Promise<Customer[]> {
  return db.selectFrom('customers').selectAll().where('email', '=', email.trim().toLowerCase()).where('merged_into_id', 'is', null).orderBy('id').limit(20).execute();
}

export async function findCustomerByPublicId(db: Kysely<Database>, publicId: string): Promise<Customer | undefined> {
  return db.selectFrom('customers').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

/** The customer locked for a change (staff edits, merges); undefined when there is none. */
export async function lockCustomerByPublicId(db: Kysely<Database>, publicId: string): Promise<Customer | undefined> {
  return db.selectFrom('customers').selectAll().where('public_id', '=', publicId).forUpdate().executeTakeFirst();
}

export async function updateCustomer(db: Kysely<Database>, id: number, changes: CustomerChanges): Promise<Customer | undefined> {
  return db.updateTable('customers').set({ ...changes, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirst();
}

export type CustomerListSort = 'name' | 'email' | 'created_at' | 'jobs' | 'last_job';

export interface CustomerListQuery {
  q?: string | undefined;
  sort: CustomerListSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** One page of customers (merged ones left out), searched by name, company, email or phone, with their job counts. */
export async function listCustomers(db: Kysely<Database>, query: CustomerListQuery) {
  let base = db.selectFrom('customers as c').where('c.merged_into_id', 'is', null);
  if (query.q) {
    const pattern = containsPattern(query.q);
    const digits = query.q.replace(/\D/g, '');
    base = base.where((eb) => eb.or([
      eb('c.name', 'ilike', pattern),
      eb('c.company', 'ilike', pattern),
      eb('c.email', 'ilike', pattern),
      ...(digits.length >= 3 ? [eb('c.phone_digits', 'like', containsPattern(digits))] : []),
    ]));
  }
  const withJobs = base
    .leftJoin(
      (eb) => eb.selectFrom('jobs').select(['customer_id', (e) => e.fn.countAll<string>().as('job_count'), (e) => e.fn.max('completed_at').as('last_job_at')]).groupBy('customer_id').as('j'),
      (join) => join.onRef('j.customer_id', '=', 'c.id'),
    )
    .select(['c.id', 'c.public_id', 'c.name', 'c.email', 'c.phone', 'c.company', 'c.created_at', sql<number>`coalesce(j.job_count, 0)::int`.as('job_count'), 'j.last_job_at']);
  const order = {
    name: sql`lower(c.name)`,
    email: sql`c.email`,
    created_at: sql`c.created_at`,
    jobs: sql`coalesce(j.job_count, 0)`,
    last_job: sql`j.last_job_at`,
  }[query.sort];
  const direction = query.dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    withJobs.orderBy(sql`${order} ${direction}`).orderBy('c.id', query.dir).limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
  ]);
  return { total: Number(n), rows };
}

/** The customer's service addresses, the oldest first; with `current`, only those they have not removed in the portal. */
export async function listServiceAddresses(db: Kysely<Database>, customerId: number, { current = false } = {}): Promise<ServiceAddress[]> {
  let query = db.selectFrom('service_addresses').selectAll().where('customer_id', '=', customerId);
  if (current) query = query.where('removed_at', 'is', null);
  return query.orderBy('id').execute();
}

/** The customer's own address with this id (not removed), locked for a change; undefined for anyone else's or a missing one. */
export async function lockOwnServiceAddress(db: Kysely<Database>, customerId: number, id: number): Promise<ServiceAddress | undefined> {
  return db.selectFrom('service_addresses').selectAll().where('id', '=', id).where('customer_id', '=', customerId).where('removed_at', 'is', null).forUpdate().executeTakeFirst();
}

/** The phone's last ten digits as SQL, for matching a stored, formatted phone column. */
const digitsOf = (column: string) => sql<string>`right(regexp_replace(${sql.ref(column)}, '[^0-9]', '', 'g'), 10)`;

/** How many leads and orders have this email or phone and no customer yet. */
export async function countUnlinked(db: Kysely<Database>, customer: Customer): Promise<{ leads: number; orders: number }> {
  if (!customer.email && !customer.phone_digits) return { leads: 0, orders: 0 };
  const [leads, orders] = await Promise.all([
    db.selectFrom('leads').select((eb) => eb.fn.countAll<string>().as('n')).where('customer_id', 'is', null).where('status', '!=', 'spam')
      .where((eb) => eb.or([eb(sql`lower(email)`, '=', customer.email), eb(digitsOf('phone'), '=', customer.phone_digits)])).executeTakeFirstOrThrow(),
    db.selectFrom('orders').select((eb) => eb.fn.countAll<string>().as('n')).where('customer_id', 'is', null).where('spam', '=', false)
      .where((eb) => eb.or([eb(sql`lower(email)`, '=', customer.email), eb(digitsOf('phone'), '=', customer.phone_digits)])).executeTakeFirstOrThrow(),
  ]);
  return { leads: Number(leads.n), orders: Number(orders.n) };
}

/** Links to the customer the leads and orders with their email or phone that no customer has; returns the ids linked. */
export async function linkByContact(db: Kysely<Database>, customer: Customer): Promise<{ leads: number[]; orders: number[] }> {
  if (!customer.email && !customer.phone_digits) return { leads: [], orders: [] };
  const leads = await db.updateTable('leads').set({ customer_id: customer.id }).where('customer_id', 'is', null).where('status', '!=', 'spam')
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', customer.email), eb(digitsOf('phone'), '=', customer.phone_digits)])).returning('id').execute();
  const orders = await db.updateTable('orders').set({ customer_id: customer.id, updated_at: sql`now()` }).where('customer_id', 'is', null).where('spam', '=', false)
    .where((eb) => eb.or([eb(sql`lower(email)`, '=', customer.email), eb(digitsOf('phone'), '=', customer.phone_digits)])).returning('id').execute();
  return { leads: leads.map((r) => r.id), orders: orders.map((r) => r.id) };
}

export interface MergeMoves {
  addresses: number;
  jobs: number;
  orders: number;
  memberships: number;
  leads: number;
}

/**
 * Moves everything of `duplicate` to `keeper` and marks `duplicate` merged into it. An address both
 * have (the same key) is kept once: the duplicate's jobs and memberships move to the keeper's copy.
 * Run inside the caller's transaction, with both rows locked.
 */
export async function mergeCustomerRecords(db: Kysely<Database>, duplicate: Customer, keeper: Customer): Promise<MergeMoves> {
  const theirs = await listServiceAddresses(db, duplicate.id);
  const ours = new Map((await listServiceAddresses(db, keeper.id)).map((a) => [a.address_key, a.id]));
  let addresses = 0;
  for (const address of theirs) {
    const same = ours.get(address.address_key);
    if (same === undefined) {
      await db.updateTable('service_addresses').set({ customer_id: keeper.id }).where('id', '=', address.id).execute();
    } else {
      await db.updateTable('jobs').set({ service_address_id: same }).where('service_address_id', '=', address.id).execute();
      await db.updateTable('memberships').set({ service_address_id: same }).where('service_address_id', '=', address.id).execute();
      await db.deleteFrom('service_addresses').where('id', '=', address.id).execute();
    }
    addresses += 1;
  }
  const moved = async (table: 'jobs' | 'orders' | 'memberships' | 'leads') =>
    (await db.updateTable(table).set({ customer_id: keeper.id }).where('customer_id', '=', duplicate.id).returning('id').execute()).length;
  const result = { addresses, jobs: await moved('jobs'), orders: await moved('orders'), memberships: await moved('memberships'), leads: await moved('leads') };
  // Referrals and credits follow too; the duplicate's referral code stays its own and resolves to the keeper.
  await db.updateTable('referrals').set({ referrer_customer_id: keeper.id }).where('referrer_customer_id', '=', duplicate.id).execute();
  await db.updateTable('referrals').set({ friend_customer_id: keeper.id }).where('friend_customer_id', '=', duplicate.id).execute();
  await db.updateTable('referral_credits').set({ customer_id: keeper.id }).where('customer_id', '=', duplicate.id).execute();
  // Records merged into the duplicate earlier now point at the keeper, so no chain of merges is left.
  await db.updateTable('customers').set({ merged_into_id: keeper.id }).where('merged_into_id', '=', duplicate.id).execute();
  await db.updateTable('customers').set({ merged_into_id: keeper.id, merged_at: sql`now()`, updated_at: sql`now()` }).where('id', '=', duplicate.id).execute();
  return result;
}

export async function findCustomerById(db: Kysely<Database>, id: number): Promise<Customer | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertCustomer(db: Kysely<Database>, values: NewCustomer): Promise<Customer> {
  return db.insertInto('customers').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The customer's address with this key, added when it is new, and back on their list when they had removed it. */
export async function upsertServiceAddress(db: Kysely<Database>, customerId: number, address: StoredAddress, key: string): Promise<ServiceAddress> {
  const inserted = await db
    .insertInto('service_addresses')
    .values({ customer_id: customerId, line1: address.line1, line2: address.line2 ?? null, city: address.city, state: address.state, zip: address.zip, address_key: key })
    .onConflict((oc) => oc.columns(['customer_id', 'address_key']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return inserted;
  const existing = await db.selectFrom('service_addresses').selectAll().where('customer_id', '=', customerId).where('address_key', '=', key).executeTakeFirstOrThrow();
  if (existing.removed_at === null) return existing;
  return db.updateTable('service_addresses').set({ removed_at: null }).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow();
}

export async function findServiceAddressById(db: Kysely<Database>, id: number): Promise<ServiceAddress | undefined> {
  return db.selectFrom('service_addresses').selectAll().where('id', '=', id).executeTakeFirst();
}
