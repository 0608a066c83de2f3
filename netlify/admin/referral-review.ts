// POST /api/admin/referrals/:id/review: approve a referral or mark it ineligible with a reason (audited).
import { adminReferralReviewContract } from '../../src/lib/api/admin/referrals.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { reviewReferral } from '../../src/server/services/admin-referrals';

export default defineHandler(adminReferralReviewContract, ({ params, body, staff, requestId }) => withDb((db) => reviewReferral(db, params.id, body, { email: staff.email, requestId })));

export const path = '/api/admin/referrals/:id/review';
