// POST /api/refer-a-friend: a customer refers a friend; the friend is stored as a lead (staff notified)
// and the referral is matched to the customer by email or phone.
import { referAFriendContract } from '../../src/lib/api/referrals.contract';
import { defineHandler } from '../../src/server/http/handler';
import { submitReferAFriend } from '../../src/server/http/referral-submission';

export default defineHandler(referAFriendContract, ({ body, ...request }) => submitReferAFriend(body, request), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/refer-a-friend' };
