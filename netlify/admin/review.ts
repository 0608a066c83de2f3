// PATCH /api/admin/reviews/:id: approve, reject, mark as spam, put back to waiting, reply, feature (audited; publish requested).
import { adminReviewUpdateContract } from '../../src/lib/api/admin/reviews.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { updateAdminReview } from '../../src/server/services/admin-reviews';

export default defineHandler(adminReviewUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updateAdminReview(db, params.id, body, { email: staff.email, requestId })));

export const path = '/api/admin/reviews/:id';
