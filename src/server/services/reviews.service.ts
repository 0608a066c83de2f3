/** Reviews as the site shows them: stored rows turned into SPEC §3's Review shape. */
import { sql, type Kysely } from 'kysely';
import type { Review } from '../../lib/api/reviews.contract';
import { reviewsListLimit } from '../../lib/api/reviews.contract';
import { relativeTimeFrom, type ReviewsQuery } from '../../lib/reviews';
import type { Env } from '../db/connect';
import type { Database } from '../db/database';
import { listReviews, type ReviewRow } from '../repositories/review.repository';
import { imageStore, validImageId } from '../uploads/image-store';

/** A stored row as the API answers it; `relativeTime` is computed when the provider gave none. */
export function toPublicReview(row: ReviewRow, nowMs: number = Date.now()): Review {
  const timestamp = Number(row.timestamp);
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    authorName: row.author_name,
    profilePhotoUrl: row.profile_photo_url,
    relativeTime: row.relative_time ?? relativeTimeFrom(timestamp, nowMs),
    source: row.source,
    timestamp,
    category: row.category,
    isDemo: row.is_demo,
    title: row.title,
    featured: row.featured,
    reply: row.reply_text && row.reply_at ? { text: row.reply_text, at: new Date(row.reply_at).toISOString() } : null,
    photos: row.consent_to_publish ? (row.photos ?? []).map((p) => ({ url: `/api/review-photos/${p.id}`, width: p.width, height: p.height })) : [],
  };
}

/** GET /api/reviews: reviews matching the query, highest rated and newest first, at most `reviewsListLimit`. */
export async function listPublicReviews(db: Kysely<Database>, query: ReviewsQuery = {}): Promise<Review[]> {
  const rows = await listReviews(db, { category: query.category, minRating: query.minRating, limit: reviewsListLimit });
  const now = Date.now();
  return rows.map((row) => toPublicReview(row, now));
}

/** How long one answer is reused in a warm function instance; the CDN keeps it 30 minutes anyway. */
export const reviewsMemoSeconds = 60;
const memoLimit = 200;
const memo = new Map<string, { expires: number; reviews: Promise<Review[]> }>();

/**
 * Reuses the answer to the same query for a minute, so bursts (and cold CDN edges) cost one database
 * read: concurrent requests share the pending read. A failed read is not kept.
 */
export function memoisedReviews(query: ReviewsQuery, read: () => Promise<Review[]>, options: { env?: Env; nowMs?: number } = {}): Promise<Review[]> {
  const { env = process.env, nowMs = Date.now() } = options;
  // One process may serve several databases (tests start several local sites): answers never cross.
  const key = `${env.NETLIFY_DATABASE_URL ?? env.DATABASE_URL ?? ''}|${query.category ?? ''}|${query.minRating ?? ''}`;
  const hit = memo.get(key);
  if (hit && hit.expires > nowMs) return hit.reviews;
  // Categories are validated slugs, but there are many possible: keep the map small.
  if (memo.size >= memoLimit) memo.clear();
  const reviews = read();
  memo.set(key, { expires: nowMs + reviewsMemoSeconds * 1000, reviews });
  reviews.catch(() => {
    if (memo.get(key)?.reviews === reviews) memo.delete(key);
  });
  return reviews;
}

/** A photo's bytes when it belongs to an approved review whose author agreed to publish it; else undefined. */
export async function loadPublicReviewPhoto(db: Kysely<Database>, id: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!validImageId.test(id)) return undefined;
  const shown = await db
    .selectFrom('reviews')
    .select('id')
    .where('status', '=', 'approved')
    .where('consent_to_publish', '=', true)
    .where(sql<boolean>`photos @> ${JSON.stringify([{ id }])}::jsonb`)
    .executeTakeFirst();
  return shown ? imageStore(process.env, 'reviews').get(id) : undefined;
}
