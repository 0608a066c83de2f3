/**
 * GET /api/checkout/renewal?token=…: what a membership's renew link pre-fills at checkout (the
 * holder's contact details and the service address the membership covers), so the renewal is
 * recognised as one. The token is the membership's random renewal token, never an id; an unknown
 * token and one whose membership can no longer be renewed online get the same 404.
 */
import { z } from 'zod';
import { defineContract } from './contract';

/** A renewal token as it may appear in a link: 64 hex characters; the server looks up nothing else. */
export const renewalTokenField = z.string().regex(/^[0-9a-f]{64}$/, 'This renewal link is not complete. Open it again from the email.');

/** A renew link's `?renew=…`: whether the address has one, and its token when it has the form the server accepts. */
export function renewalTokenFrom(search: string): { present: boolean; token?: string } {
  const value = new URLSearchParams(search).get('renew');
  if (value === null) return { present: false };
  return renewalTokenField.safeParse(value).success ? { present: true, token: value } : { present: true };
}

const text = z.string();

export const renewalPrefillSchema = z.strictObject({
  /** The plan renewed: checkout for another plan is not a renewal. */
  slug: text,
  /** YYYY-MM-DD, the last day the current membership covers. */
  endsOn: text,
  name: text,
  email: text,
  phone: text,
  propertyType: z.enum(['residential', 'commercial']),
  company: text.optional(),
  contactPerson: text.optional(),
  serviceAddress: z.strictObject({ line1: text, line2: text.optional(), city: text, state: text, zip: text }),
});
export type RenewalPrefill = z.infer<typeof renewalPrefillSchema>;

export const renewalPrefillContract = defineContract({
  path: '/api/checkout/renewal',
  method: 'GET',
  query: z.strictObject({ token: renewalTokenField }),
  response: renewalPrefillSchema,
});
