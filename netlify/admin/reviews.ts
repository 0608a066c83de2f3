// GET /api/admin/reviews: every review (waiting ones first), filtered by status and sorted, with counts per status.
import { adminReviewListContract } from '../../src/lib/api/admin/reviews.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listAdminReviews } from '../../src/server/services/admin-reviews';

export default defineHandler(adminReviewListContract, ({ query }) => withDb((db) => listAdminReviews(db, query)));

export const path = '/api/admin/reviews';
