/**
 * Build-time read of stored reviews, for structured data: the reviews a block would show (so Review
 * markup describes reviews on the page) and the rating computed from reviews left on our own site.
 */
import type { Review } from '../../lib/api/reviews.contract';
import { chooseReviews, firstPartyRating, isFirstPartySource } from '../../lib/reviews';
import { withDb } from '../db/connect';
import { listFirstPartyReviews } from '../repositories/review.repository';
import { listPublicReviews, toPublicReview } from '../services/reviews.service';

export interface BuildReviews {
  /** Average and count of first-party reviews; undefined when there are none. */
  rating: { ratingValue: number; reviewCount: number } | undefined;
  /** The first-party reviews among those the block shows: the only ones that get Review markup. */
  markedUp: Review[];
}

let ratingPromise: Promise<BuildReviews['rating']> | undefined;
const chosen = new Map<string, Promise<Review[]>>();

/** Reads once per build and category; `category` is a service's `reviewCategory`, absent for the home block. */
export async function loadReviewsForBuild(category?: string): Promise<BuildReviews> {
  ratingPromise ??= withDb(async (db) => firstPartyRating((await listFirstPartyReviews(db)).map((row) => toPublicReview(row))));
  const key = category ?? '';
  if (!chosen.has(key)) chosen.set(key, withDb((db) => chooseReviews((query) => listPublicReviews(db, query), { category })));
  const [rating, reviews] = await Promise.all([ratingPromise, chosen.get(key)!]);
  return { rating, markedUp: reviews.filter((r) => isFirstPartySource(r.source)) };
}
