/**
 * GET /api/reviews through its contract, with SPEC §4's fallback. Imported on first use by the
 * store, so zod and the API client load with the reviews, not with the page.
 */
import { callContract } from '../../lib/api/client';
import { reviewsContract, type Review } from '../../lib/api/reviews.contract';
import { chooseReviews } from '../../lib/reviews';

export function fetchBlockReviews(category: string | undefined): Promise<Review[]> {
  return chooseReviews(
    // Query strings carry text: the contract reads minRating as "1" to "5".
    (query) => callContract(reviewsContract, { category: query.category, minRating: query.minRating === undefined ? undefined : String(query.minRating) }),
    { category },
  );
}
