// GET /api/reviews?category=&minRating=: stored reviews for the reviews blocks, cached 30 minutes.
import { reviewsContract } from '../../src/lib/api/reviews.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listPublicReviews, memoisedReviews } from '../../src/server/services/reviews.service';

// A database outage is answered by the handler with the catalogue's 503 (both phone numbers).
export default defineHandler(reviewsContract, ({ query }) => memoisedReviews(query, () => withDb((db) => listPublicReviews(db, query))));

export const config = { path: '/api/reviews' };
