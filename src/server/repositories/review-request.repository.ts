/** Review requests and the review settings row. The sequence itself lives in services/review-requests. */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { NewReviewRequest, ReviewRequest, ReviewRequestStopReason, ReviewSettingsRow } from '../db/tables/review-request.table';

export type { ReviewRequest, ReviewSettingsRow };

/** The capability in a request's link: 32 random bytes, so it cannot be guessed. */
export const newReviewToken = (): string => randomBytes(32).toString('base64url');

/** Tokens as they may appear in a URL; anything else is not looked up. */
export const reviewTokenPattern = /^[A-Za-z0-9_-]{40,64}$/;

export async function insertReviewRequest(db: Kysely<Database>, request: NewReviewRequest): Promise<ReviewRequest | undefined> {
  return db.insertInto('review_requests').values(request).onConflict((oc) => oc.column('job_id').doNothing()).returningAll().executeTakeFirst();
}

export async function findReviewRequestByToken(db: Kysely<Database>, token: string): Promise<ReviewRequest | undefined> {
  if (!reviewTokenPattern.test(token)) return undefined;
  return db.selectFrom('review_requests').selectAll().where('token', '=', token).executeTakeFirst();
}

/** The first time the link is opened (counted in the figures). */
export async function markReviewRequestOpened(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db.updateTable('review_requests').set({ opened_at: now, updated_at: now }).where('id', '=', id).where('opened_at', 'is', null).execute();
}

/** A review came in through the request's link: the sequence ends, nothing more is sent. */
export async function markReviewRequestReviewed(db: Kysely<Database>, id: number, reviewId: number, now: Date): Promise<void> {
  await db
    .updateTable('review_requests')
    .set({ status: 'reviewed', review_id: reviewId, next_send_at: null, stop_reason: 'review', updated_at: now, opened_at: sql`coalesce(opened_at, ${now})` })
    .where('id', '=', id)
    .execute();
}

/** Ends every waiting sequence for this address (an unsubscribe, a bounce, a complaint). */
export async function stopReviewRequestsForEmail(db: Kysely<Database>, email: string, reason: ReviewRequestStopReason, now: Date): Promise<number> {
  const result = await db
    .updateTable('review_requests')
    .set({ status: 'stopped', stop_reason: reason, next_send_at: null, updated_at: now })
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function findReviewSettings(db: Kysely<Database>): Promise<ReviewSettingsRow | undefined> {
  return db.selectFrom('review_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export type ReviewRequestSort = 'created_at' | 'next_send_at' | 'status' | 'customer';

/** A page of requests with their customer and job, for staff (or one request, by public id). */
export async function listReviewRequests(
  db: Kysely<Database>,
  query: { status?: ReviewRequest['status'] | undefined; publicId?: string; sort: ReviewRequestSort; dir: 'asc' | 'desc'; page: number; pageSize: number },
) {
  let base = db.selectFrom('review_requests as r');
  if (query.status) base = base.where('r.status', '=', query.status);
  if (query.publicId) base = base.where('r.public_id', '=', query.publicId);
  const order = { created_at: sql`r.created_at`, next_send_at: sql`r.next_send_at`, status: sql`r.status`, customer: sql`lower(c.name)` }[query.sort];
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.innerJoin('customers as c', 'c.id', 'r.customer_id')
      .innerJoin('jobs as j', 'j.id', 'r.job_id')
      .selectAll('r')
      .select(['c.name as customer_name', 'c.public_id as customer_public_id', 'j.public_id as job_public_id', 'j.completed_at as job_completed_at'])
      .orderBy(sql`${order} ${query.dir === 'asc' ? sql`asc nulls last` : sql`desc nulls last`}`).orderBy('r.id', query.dir)
      .limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
  ]);
  return { total: Number(n), rows };
}

export async function lockReviewRequestByPublicId(db: Kysely<Database>, publicId: string): Promise<ReviewRequest | undefined> {
  return db.selectFrom('review_requests').selectAll().where('public_id', '=', publicId).forUpdate().executeTakeFirst();
}

/** How many requests there are, were sent, opened through their link, led to a review, or stopped. */
export async function reviewRequestCounts(db: Kysely<Database>) {
  const row = await db
    .selectFrom('review_requests')
    .select((eb) => [
      eb.fn.countAll<string>().as('requests'),
      eb.fn.count<string>('id').filterWhere('step', '>', 0).as('sent'),
      eb.fn.count<string>('id').filterWhere('opened_at', 'is not', null).as('opened'),
      eb.fn.count<string>('id').filterWhere('status', '=', 'reviewed').as('reviewed'),
      eb.fn.count<string>('id').filterWhere('status', '=', 'stopped').as('stopped'),
    ])
    .executeTakeFirstOrThrow();
  return { requests: Number(row.requests), sent: Number(row.sent), opened: Number(row.opened), reviewed: Number(row.reviewed), stopped: Number(row.stopped) };
}

export async function saveReviewSettings(
  db: Kysely<Database>,
  settings: { enabled: boolean; sendHour: number; links: { google: string | null; facebook: string | null; yelp: string | null } },
  by: string,
  now: Date,
): Promise<void> {
  const values = { enabled: settings.enabled, send_hour: settings.sendHour, google_url: settings.links.google, facebook_url: settings.links.facebook, yelp_url: settings.links.yelp, updated_at: now, updated_by: by };
  await db.insertInto('review_settings').values({ id: 1, ...values }).onConflict((oc) => oc.column('id').doUpdateSet(values)).execute();
}

