// POST /api/webhooks/twilio: texts people send to our Twilio number (signature checked), answered with one TwiML message.
import { twilioWebhookContract } from '../../src/lib/api/sms.contract';
import { readConfig } from '../../src/server/config';
import { withDb } from '../../src/server/db/connect';
import { appError } from '../../src/server/http/errors';
import { defineHandler } from '../../src/server/http/handler';
import { HttpError } from '../../src/server/http/response';
import { isValidTwilioSignature, twilioSignatureHeader } from '../../src/server/http/twilio-signature';
import { handleInboundText, twimlMessage } from '../../src/server/services/sms-inbound';

const onlyTwilio = 'This request is not signed by Twilio (X-Twilio-Signature is missing or does not match), so it was refused. Only Twilio may post here.';

/** The address Twilio posted to, as Twilio signed it: the site's public origin (PUBLIC_SITE_URL) when set, with this path and query. */
function signedUrl(request: Request, configured: string | undefined): string {
  const url = new URL(request.url);
  return configured ? `${new URL(configured).origin}${url.pathname}${url.search}` : url.toString();
}

export default defineHandler(twilioWebhookContract, async ({ request, rawBody, log }) => {
  const config = readConfig();
  const token = config.TWILIO_AUTH_TOKEN;
  if (!token) {
    log.error('Twilio webhook received but TWILIO_AUTH_TOKEN is not set', new Error('TWILIO_AUTH_TOKEN missing'));
    throw appError('NotConfigured');
  }
  const signature = request.headers.get(twilioSignatureHeader);
  if (!signature) throw new HttpError(403, onlyTwilio);
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/x-www-form-urlencoded') throw new HttpError(415, 'Send the form as application/x-www-form-urlencoded, as Twilio does.');
  const params = new URLSearchParams(new TextDecoder().decode(rawBody));
  if (!isValidTwilioSignature(token, signature, signedUrl(request, config.PUBLIC_SITE_URL), params)) {
    log.warn('twilio webhook: signature does not match');
    throw new HttpError(403, onlyTwilio);
  }
  const from = params.get('From') ?? '';
  const body = params.get('Body') ?? '';
  if (!/^\+[1-9]\d{7,14}$/.test(from)) throw new HttpError(400, 'The From parameter must be a phone number in E.164 form, such as +15125550100.');
  if (body.length > 1600 || body.includes('\u0000')) throw new HttpError(400, 'The Body parameter must be a text of at most 1,600 characters.');
  const { intent, reply } = await withDb((db) => handleInboundText(db, { from, body, now: new Date() }));
  log.info('twilio inbound text', { intent });
  return new Response(twimlMessage(reply), { status: 200, headers: { 'Content-Type': 'text/xml; charset=utf-8', 'Cache-Control': 'no-store' } });
});

export const config = { path: '/api/webhooks/twilio' };
