// POST /api/admin/review-requests/:id/stop: ends a waiting sequence (audited).
import { adminReviewRequestStopContract } from '../../src/lib/api/admin/review-requests.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { stopReviewRequestByStaff } from '../../src/server/services/admin-review-requests';

export default defineHandler(adminReviewRequestStopContract, ({ params, staff, requestId }) => withDb((db) => stopReviewRequestByStaff(db, params.id, { email: staff.email, requestId })));

export const path = '/api/admin/review-requests/:id/stop';
