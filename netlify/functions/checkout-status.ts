// GET /api/checkout/status?session_id=cs_… or ?order=<public id>: the order's real state for the success page.
import { checkoutStatusContract } from '../../src/lib/api/checkout.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { checkoutStatus } from '../../src/server/services/checkout-status';

export default defineHandler(checkoutStatusContract, ({ query }) => withDb((db) => checkoutStatus(db, query)));

export const config = { path: '/api/checkout/status' };
