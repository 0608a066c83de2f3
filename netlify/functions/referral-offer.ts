// /api/referral-offer: GET the referrer's first name for a code (or null); POST the referred friend's
// form, stored as a lead (staff notified) and a referral.
import { referralOfferContract, referralOfferLookupContract } from '../../src/lib/api/referrals.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { submitReferralOffer } from '../../src/server/http/referral-submission';
import { referrerFirstName } from '../../src/server/services/referrals';

export default defineHandlers(
  defineHandler(referralOfferLookupContract, async ({ query }) => ({ firstName: await withDb((db) => referrerFirstName(db, query.code)) })),
  defineHandler(referralOfferContract, ({ body, ...request }) => submitReferralOffer(body, request), { requires: ['CLIENT_HASH_SECRET'] }),
);

export const config = { path: '/api/referral-offer' };
