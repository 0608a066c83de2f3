// GET /api/admin/referrals/ledger: the credits ledger, and clicks, referrals and conversions per code.
import { adminReferralLedgerContract } from '../../src/lib/api/admin/referrals.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { referralLedger } from '../../src/server/services/admin-referrals';

export default defineHandler(adminReferralLedgerContract, () => withDb((db) => referralLedger(db)));

export const path = '/api/admin/referrals/ledger';
