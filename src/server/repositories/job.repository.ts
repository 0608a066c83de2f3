/** Jobs: the work done for a customer. Lists join the customer and the service address for the screens. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import { containsPattern } from '../db/like-pattern';
import type { Job, JobChanges, NewJob } from '../db/tables/job.table';

export type { Job };

export async function insertJob(db: Kysely<Database>, job: NewJob): Promise<Job> {
  return db.insertInto('jobs').values(job).returningAll().executeTakeFirstOrThrow();
}

export async function updateJob(db: Kysely<Database>, id: number, changes: JobChanges): Promise<Job | undefined> {
  return db.updateTable('jobs').set({ ...changes, updated_at: sql`now()` }).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function lockJobByPublicId(db: Kysely<Database>, publicId: string): Promise<Job | undefined> {
  return db.selectFrom('jobs').selectAll().where('public_id', '=', publicId).forUpdate().executeTakeFirst();
}

export async function findJobByExternalId(db: Kysely<Database>, externalId: string): Promise<Job | undefined> {
  return db.selectFrom('jobs').selectAll().where('external_id', '=', externalId).forUpdate().executeTakeFirst();
}

/** The jobs with these external ids, for an import's preview. */
export async function findJobsByExternalIds(db: Kysely<Database>, externalIds: readonly string[]): Promise<Job[]> {
  if (externalIds.length === 0) return [];
  return db.selectFrom('jobs').selectAll().where('external_id', 'in', externalIds).execute();
}

/**
 * Holds, until the transaction ends, a lock named after an external id: two deliveries of the same
 * job take turns, so the second sees what the first stored (and never creates the customer twice).
 */
export async function lockExternalId(db: Kysely<Database>, externalId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`jobs:${externalId}`}))`.execute(db);
}

function withNames(db: Kysely<Database>) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('customers as c', 'c.id', 'j.customer_id')
    .leftJoin('service_addresses as a', 'a.id', 'j.service_address_id')
    .selectAll('j')
    .select(['c.public_id as customer_public_id', 'c.name as customer_name', 'a.line1', 'a.line2', 'a.city', 'a.state', 'a.zip']);
}
export type JobWithNames = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

export async function findJobWithNames(db: Kysely<Database>, id: number): Promise<JobWithNames | undefined> {
  return withNames(db).where('j.id', '=', id).executeTakeFirst();
}

export async function listJobsForCustomer(db: Kysely<Database>, customerId: number, limit = 200): Promise<JobWithNames[]> {
  return withNames(db).where('j.customer_id', '=', customerId).orderBy(sql`j.completed_at desc nulls first`).orderBy('j.id', 'desc').limit(limit).execute();
}

export type JobListSort = 'completed_at' | 'customer' | 'service' | 'invoice_total' | 'paid_at';

export interface JobListQuery {
  q?: string | undefined;
  customerId?: number | undefined;
  sort: JobListSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export async function listJobs(db: Kysely<Database>, query: JobListQuery) {
  let base = withNames(db);
  if (query.customerId !== undefined) base = base.where('j.customer_id', '=', query.customerId);
  if (query.q) {
    const pattern = containsPattern(query.q);
    base = base.where((eb) => eb.or([eb('j.service', 'ilike', pattern), eb('c.name', 'ilike', pattern), eb('j.external_id', 'ilike', pattern), eb('a.line1', 'ilike', pattern)]));
  }
  const order = { completed_at: sql`j.completed_at`, customer: sql`lower(c.name)`, service: sql`lower(j.service)`, invoice_total: sql`j.invoice_total_cents`, paid_at: sql`j.paid_at` }[query.sort];
  const direction = query.dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const [{ n }, rows] = await Promise.all([
    base.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.orderBy(sql`${order} ${direction}`).orderBy('j.id', query.dir).limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
  ]);
  return { total: Number(n), rows };
}
