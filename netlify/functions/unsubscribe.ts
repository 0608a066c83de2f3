// POST /api/unsubscribe: emails a known address the link to its preferences; the same answer for any address.
import { unsubscribeRequestContract } from '../../src/lib/api/email-preferences.contract';
import { defineHandler } from '../../src/server/http/handler';
import { requestPreferencesLinkFromRequest } from '../../src/server/http/unsubscribe';

export default defineHandler(unsubscribeRequestContract, ({ body, request, context, log }) => requestPreferencesLinkFromRequest(body, { request, context, log }), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/unsubscribe' };
