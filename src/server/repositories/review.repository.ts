/** Reviews: what GET /api/reviews and the build read, what the Google sync and the seed write. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { NewReview, ReviewRow } from '../db/tables/review.table';

export type { ReviewRow };

export interface ReviewFilter {
  category?: string | undefined;
  minRating?: number | undefined;
  /** Most rows returned. */
  limit: number;
}

/**
 * Approved reviews with written text: featured ones first, then highest rated, newest first within a rating. Rating-only reviews
 * (Google allows them) stay stored but make empty cards, so they are not listed.
 */
export async function listReviews(db: Kysely<Database>, filter: ReviewFilter): Promise<ReviewRow[]> {
  let query = db.selectFrom('reviews').selectAll().where('status', '=', 'approved').where(sql<boolean>`btrim(text) <> ''`);
  if (filter.category !== undefined) query = query.where('category', '=', filter.category);
  if (filter.minRating !== undefined) query = query.where('rating', '>=', filter.minRating);
  return query.orderBy('featured', 'desc').orderBy('rating', 'desc').orderBy('timestamp', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
}

/** Every approved review written to us directly (website, custom_review, email_link), for computed ratings and Review markup. */
export async function listFirstPartyReviews(db: Kysely<Database>): Promise<ReviewRow[]> {
  return db.selectFrom('reviews').selectAll().where('is_first_party', '=', true).where('status', '=', 'approved').orderBy('timestamp', 'desc').orderBy('id', 'desc').execute();
}

/** A review from a provider, identified by its source and the provider's id. */
export type ExternalReview = Pick<NewReview, 'rating' | 'text' | 'author_name' | 'profile_photo_url' | 'relative_time' | 'source' | 'timestamp' | 'category'> & { external_id: string };

/**
 * Inserts a provider's review, or updates the stored copy with the same source and external id, so
 * a repeated sync never duplicates. The category is set only on insert: staff may have changed it.
 * Returns whether the row was new.
 */
export async function upsertExternalReview(db: Kysely<Database>, review: ExternalReview): Promise<'inserted' | 'updated'> {
  const row = await db
    .insertInto('reviews')
    .values(review)
    .onConflict((oc) =>
      oc.columns(['source', 'external_id']).doUpdateSet((eb) => ({
        rating: eb.ref('excluded.rating'),
        text: eb.ref('excluded.text'),
        author_name: eb.ref('excluded.author_name'),
        profile_photo_url: eb.ref('excluded.profile_photo_url'),
        relative_time: eb.ref('excluded.relative_time'),
        timestamp: eb.ref('excluded.timestamp'),
        updated_at: sql`now()`,
      })),
    )
    // xmax is 0 for a freshly inserted row version and set for one an ON CONFLICT update replaced.
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirstOrThrow();
  return row.inserted ? 'inserted' : 'updated';
}

/** Local sample reviews (flagged is_demo); a row whose external id exists is left alone. Returns how many were added. */
export async function insertDemoReviews(db: Kysely<Database>, reviews: readonly ExternalReview[]): Promise<number> {
  if (reviews.length === 0) return 0;
  const added = await db
    .insertInto('reviews')
    .values(reviews.map((r) => ({ ...r, is_demo: true })))
    .onConflict((oc) => oc.columns(['source', 'external_id']).doNothing())
    .returning('id')
    .execute();
  return added.length;
}

export interface ReviewFigures {
  source: string;
  /** Reviews left (spam not counted), whatever their moderation. */
  count: number;
  /** Their average rating, one decimal. */
  averageRating: number;
  /** How many of them are approved (shown on the site). */
  approved: number;
}

/**
 * Reviews left per source with their average rating, for the review-request figures: spam is not
 * counted; `since` limits to reviews stored from then on; `viaRequestsOnly` to reviews left through a
 * request's link (they carry its review_request_id).
 */
export async function reviewFiguresBySource(db: Kysely<Database>, options: { since?: Date; viaRequestsOnly?: boolean } = {}): Promise<ReviewFigures[]> {
  let query = db
    .selectFrom('reviews')
    .select((eb) => [
      'source',
      eb.fn.countAll<string>().as('count'),
      sql<string>`round(avg(rating)::numeric, 1)`.as('average'),
      sql<string>`count(*) filter (where status = 'approved')`.as('approved'),
    ])
    .where('status', '!=', 'spam')
    .where('is_demo', '=', false);
  if (options.since) query = query.where('created_at', '>=', options.since);
  if (options.viaRequestsOnly) query = query.where('review_request_id', 'is not', null);
  const rows = await query.groupBy('source').orderBy('source').execute();
  return rows.map((r) => ({ source: r.source, count: Number(r.count), averageRating: Number(r.average), approved: Number(r.approved) }));
}
