/**
 * The HTTP side of checkout: the idempotency key, client address, rate limit and Stripe settings in;
 * the answer or a clear error out; the emails' first delivery started once the answer is decided.
 */
import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import type { checkoutRequestSchema } from '../../lib/api/checkout.contract';
import { withDb, type Env } from '../db/connect';
import { isDatabaseUnavailable } from '../db/unavailable';
import { checkoutRateLimit, placeOrder, type CheckoutAnswer } from '../services/checkout';
import { stripeClient } from '../services/stripe-client';
import { clientAddress } from './client-address';
import { readIdempotencyKey } from './idempotency';
import { databaseDownText, deliverSoon, keyReusedText, rateLimitFor, rateLimitedText } from './lead-submission';
import type { Logger } from './logger';
import { HttpError } from './response';

/** Where Stripe's Cancel returns the buyer: the store page they came from, else the store. */
export function cancelPathOf(request: Request): string {
  const referer = request.headers.get('referer');
  if (!referer) return '/store';
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    if (from.host !== here.host || !/^\/(store|shop|cart)(\/|$)/.test(from.pathname)) return '/store';
    // A renew link's token stays out of the address Stripe is given.
    from.searchParams.delete('renew');
    return `${from.pathname}${from.search}`.slice(0, 500);
  } catch {
    return '/store';
  }
}

interface CheckoutRequestContext {
  request: Request;
  context: Context | undefined;
  log: Logger;
}

export async function submitCheckout(body: z.output<typeof checkoutRequestSchema>, { request, context, log }: CheckoutRequestContext, env: Env = process.env): Promise<CheckoutAnswer> {
  const idempotencyKey = readIdempotencyKey(request);
  const rateLimit = rateLimitFor(env, log) && checkoutRateLimit;
  let outcome;
  try {
    outcome = await withDb((db) => placeOrder(db, body, {
      now: new Date(),
      idempotencyKey,
      clientAddress: clientAddress(request, context),
      clientHashSecret: env.CLIENT_HASH_SECRET,
      rateLimit,
      stripe: stripeClient(env),
      origin: new URL(request.url).origin,
      cancelPath: cancelPathOf(request),
    }));
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    log.error('order not stored: the database is unavailable', error);
    throw new HttpError(503, databaseDownText, { headers: { 'Retry-After': '60' } });
  }
  switch (outcome.outcome) {
    case 'rate-limited':
      log.warn('checkout refused by the rate limit');
      throw new HttpError(429, rateLimitedText, { headers: { 'Retry-After': String(outcome.retryAfterSeconds) } });
    case 'key-reused':
      throw new HttpError(422, keyReusedText);
    case 'placed': {
      const { result } = outcome;
      if (outcome.stripeError) log.error('Stripe Checkout Session not created; the order became an order request', new Error(outcome.stripeError), { orderId: result.order.id });
      log.info('order placed', { orderId: result.order.id, status: result.order.status, answer: result.answer.status, spam: result.order.spam });
      for (const id of result.messageIds) await deliverSoon(id, context, log);
      return result.answer;
    }
  }
}
