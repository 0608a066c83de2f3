/**
 * POST /api/webhooks/stripe: Stripe's events about Checkout Sessions. The body is read raw, because
 * the Stripe-Signature header signs its exact bytes; a bad or stale signature is a 400.
 */
import { z } from 'zod';
import { defineContract } from './contract';

export const stripeWebhookContract = defineContract({
  path: '/api/webhooks/stripe',
  method: 'POST',
  bodyType: 'raw',
  maxBodyBytes: 512 * 1024,
  response: z.strictObject({ received: z.literal(true) }),
});
