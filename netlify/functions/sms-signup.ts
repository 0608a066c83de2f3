// POST /api/sms-signup: consent to our texts (the disclosure shown is kept), then a confirmation text through the outbox.
import { smsSignupContract } from '../../src/lib/api/sms.contract';
import { defineHandler } from '../../src/server/http/handler';
import { signUpForTexts } from '../../src/server/services/sms-signup';

export default defineHandler(smsSignupContract, ({ body, request, context, log }) => signUpForTexts(body, { request, context, log }), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/sms-signup' };
