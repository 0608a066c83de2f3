// GET /api/admin/review-requests: every review request with its step, next send and stop reason.
import { adminReviewRequestListContract } from '../../src/lib/api/admin/review-requests.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listReviewRequestsForStaff } from '../../src/server/services/admin-review-requests';

export default defineHandler(adminReviewRequestListContract, ({ query }) => withDb((db) => listReviewRequestsForStaff(db, query)));

export const path = '/api/admin/review-requests';
