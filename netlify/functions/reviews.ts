// GET /api/reviews?category=&minRating=: stored reviews for the reviews blocks, cached 30 minutes.
import { reviewsContract } from '../../src/lib/api/reviews.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { HttpError } from '../../src/server/http/response';
import { listPublicReviews, memoisedReviews } from '../../src/server/services/reviews.service';

export default defineHandler(reviewsContract, async ({ query, log }) => {
  try {
    return await memoisedReviews(query, () => withDb((db) => listPublicReviews(db, query)));
  } catch (error) {
    log.error('reading reviews failed', error);
    throw new HttpError(503, 'Reviews are not available right now. Please try again in a few minutes.');
  }
});

export const config = { path: '/api/reviews' };
