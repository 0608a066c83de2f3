// GET /api/admin/referrals: every referral with status and flags, filtered and sorted.
import { adminReferralListContract } from '../../src/lib/api/admin/referrals.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listReferralsForStaff } from '../../src/server/services/admin-referrals';

export default defineHandler(adminReferralListContract, ({ query }) => withDb((db) => listReferralsForStaff(db, query)));

export const path = '/api/admin/referrals';
