// POST /api/admin/referrals/credits/:id/use: records where a referral credit was used (audited).
import { adminReferralCreditUseContract } from '../../src/lib/api/admin/referrals.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { useCredit } from '../../src/server/services/admin-referrals';

export default defineHandler(adminReferralCreditUseContract, ({ params, body, staff, requestId }) => withDb((db) => useCredit(db, params.id, body.note, { email: staff.email, requestId })));

export const path = '/api/admin/referrals/credits/:id/use';
