// GET /api/checkout/renewal?token=…: what a renew link pre-fills at checkout (the holder's contact details and service address).
import { renewalPrefillContract } from '../../src/lib/api/renewal.contract';
import { defineHandler } from '../../src/server/http/handler';
import { lookupRenewal } from '../../src/server/services/membership-renewal';

export default defineHandler(renewalPrefillContract, ({ query, ...request }) => lookupRenewal(query.token, request), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/checkout/renewal' };
