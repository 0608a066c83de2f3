// POST /api/webhooks/stripe: Stripe's Checkout Session events, signature checked on the raw body, each acted on once.
import { stripeWebhookContract } from '../../src/lib/api/stripe-webhook.contract';
import { readConfig } from '../../src/server/config';
import { withDb } from '../../src/server/db/connect';
import { appError } from '../../src/server/http/errors';
import { defineHandler } from '../../src/server/http/handler';
import { deliverSoon } from '../../src/server/http/lead-submission';
import { HttpError } from '../../src/server/http/response';
import { handleStripeEvent } from '../../src/server/services/stripe-webhook';
import { verifiedStripeEvent, type Stripe } from '../../src/server/services/stripe-client';

export default defineHandler(stripeWebhookContract, async ({ request, rawBody, context, log }) => {
  const secret = readConfig().STRIPE_WEBHOOK_SECRET;
  if (!secret) {
    log.error('Stripe webhook received but STRIPE_WEBHOOK_SECRET is not set', new Error('STRIPE_WEBHOOK_SECRET missing'));
    throw appError('NotConfigured');
  }
  const signature = request.headers.get('stripe-signature');
  if (!signature || signature.length > 2000) throw new HttpError(400, 'The Stripe-Signature header is missing. Only Stripe may send events here.');
  let event: Stripe.Event;
  try {
    event = verifiedStripeEvent(rawBody, signature, secret);
  } catch {
    throw new HttpError(400, 'The Stripe-Signature header does not match this body, or it is more than 5 minutes old. Only Stripe may send events here.');
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || event.id.length > 255) throw new HttpError(400, 'The event has no id or type.');
  const result = await withDb((db) => handleStripeEvent(db, event));
  log.info('stripe event', { eventId: event.id, type: event.type, outcome: result.outcome, orderId: result.orderId });
  for (const id of result.messageIds) await deliverSoon(id, context, log);
  return { received: true as const };
});

export const config = { path: '/api/webhooks/stripe' };
