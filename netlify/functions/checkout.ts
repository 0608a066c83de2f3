// POST /api/checkout: stores the order (prices from the products table) and answers: Stripe's payment page, or an order request.
import { checkoutContract } from '../../src/lib/api/checkout.contract';
import { submitCheckout } from '../../src/server/http/checkout-submission';
import { defineHandler } from '../../src/server/http/handler';

export default defineHandler(checkoutContract, ({ body, ...request }) => submitCheckout(body, request), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/checkout' };
