/**
 * The Stripe SDK as configured: undefined without STRIPE_SECRET_KEY (the store then takes order
 * requests). Outside production, STRIPE_API_HOST/PORT/PROTOCOL point it at a local server that
 * speaks Stripe's protocol (tests/support/fake-stripe.ts).
 */
import Stripe from 'stripe';
import { isProduction, readConfig } from '../config';

export type { Stripe };

type Env = Record<string, string | undefined>;

const clients = new Map<string, Stripe>();

export function stripeClient(env: Env = process.env): Stripe | undefined {
  const config = readConfig(env);
  const key = config.STRIPE_SECRET_KEY;
  if (!key) return undefined;
  const override = isProduction(env) ? {} : {
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
  };
  const cacheKey = JSON.stringify([key, override]);
  let client = clients.get(cacheKey);
  if (!client) {
    // Two quick retries with Stripe's idempotency keys; a function must answer well within its time limit.
    client = new Stripe(key, { ...override, maxNetworkRetries: 2, timeout: 15_000 });
    clients.set(cacheKey, client);
  }
  return client;
}

/** Verifies a webhook's signature on the exact bytes received (5-minute tolerance) and returns the event. */
export function verifiedStripeEvent(rawBody: Uint8Array, signature: string, secret: string, now: Date = new Date()): Stripe.Event {
  return Stripe.webhooks.constructEvent(Buffer.from(rawBody), signature, secret, 300, undefined, now.getTime());
}
