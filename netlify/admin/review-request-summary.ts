// GET /api/admin/review-requests/summary: the settings and the figures.
import { adminReviewRequestSummaryContract } from '../../src/lib/api/admin/review-requests.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { reviewRequestSummary } from '../../src/server/services/admin-review-requests';

export default defineHandler(adminReviewRequestSummaryContract, () => withDb((db) => reviewRequestSummary(db)));

export const path = '/api/admin/review-requests/summary';
