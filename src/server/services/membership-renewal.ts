/**
 * Renewing a membership online. Its renew link (reminder emails, the customer portal) carries the
 * membership's random renewal token; with it, checkout is pre-filled with the holder's contact
 * details and the service address (GET /api/checkout/renewal), and the order is recorded as the
 * renewal of that membership (checkout.ts), so fulfilment starts the new term the day after the
 * old one ends. A token works while its membership is active, has not been renewed yet (no later
 * membership of the plan at the address) and ended at most RENEWAL_GRACE_DAYS ago; otherwise it is
 * answered exactly like an unknown one.
 */
import type { Context } from '@netlify/functions';
import type { Kysely } from 'kysely';
import { austinOffice, marbleFallsOffice } from '../../business';
import { addDays, officeDate } from '../../lib/booking/booking-days';
import type { RenewalPrefill } from '../../lib/api/renewal.contract';
import { withDb, type Env } from '../db/connect';
import type { Database } from '../db/database';
import { clientAddress } from '../http/client-address';
import { rateLimitFor, refuseOverRateLimit } from '../http/lead-submission';
import type { Logger } from '../http/logger';
import { HttpError } from '../http/response';
import { findActiveMembership } from '../repositories/membership.repository';
import { clientHash } from './client-hash';
import type { RateLimitPolicy } from './leads';

/** How long after a membership ends its renew link still works. */
export const RENEWAL_GRACE_DAYS = 60;

/** 20 look-ups per client in 10 minutes: a few reloads of the page, not a search for tokens. */
export const renewalLookupRateLimit: RateLimitPolicy = { bucket: 'renewal-lookup', limit: 20, windowSeconds: 600 };

export const renewalNotFoundText = `This renewal link is not valid any more. Choose the membership in our store, or call us at ${austinOffice.phone} (Austin) or ${marbleFallsOffice.phone} (Marble Falls).`;

/** The renew link of a membership: checkout for its plan, keyed by its renewal token (a relative address when `siteUrl` is empty). */
export function renewLink(siteUrl: string, slug: string, renewalToken: string): string {
  return `${siteUrl.replace(/\/$/, '')}/store/checkout/${encodeURIComponent(slug)}?renew=${encodeURIComponent(renewalToken)}`;
}

/** Whether a membership ending on `endsOn` is still in its renewal window on `today` (YYYY-MM-DD). */
export const withinRenewalWindow = (endsOn: string, today: string): boolean => endsOn >= addDays(today, -RENEWAL_GRACE_DAYS);

/** The membership this token renews, with what checkout pre-fills; undefined when it cannot be renewed online. */
export async function findRenewableMembership(db: Kysely<Database>, token: string, today: string) {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .innerJoin('customers as c', 'c.id', 'm.customer_id')
    .innerJoin('service_addresses as a', 'a.id', 'm.service_address_id')
    .innerJoin('orders as o', 'o.id', 'm.order_id')
    .select([
      'm.id', 'm.product_id', 'm.address_key', 'm.ends_on', 'm.status', 'p.slug', 'p.active',
      'c.name', 'c.email', 'c.phone', 'c.company', 'c.property_type',
      'o.name as order_name', 'o.email as order_email', 'o.phone as order_phone', 'o.property_type as order_property_type', 'o.company as order_company', 'o.contact_person',
      'a.line1', 'a.line2', 'a.city', 'a.state', 'a.zip',
    ])
    .where('m.renewal_token', '=', token)
    .executeTakeFirst();
  if (!row || row.status !== 'active' || !row.active || !withinRenewalWindow(row.ends_on, today)) return undefined;
  // Renewed already: a membership of the plan at the address runs past this one's end.
  if (await findActiveMembership(db, row.address_key, row.product_id, addDays(row.ends_on, 1))) return undefined;
  return row;
}

/** What checkout is pre-filled with for this token; a 404 for an unknown token and for one that cannot be renewed. */
export async function renewalPrefill(db: Kysely<Database>, token: string, now: Date): Promise<RenewalPrefill> {
  const row = await findRenewableMembership(db, token, officeDate(now));
  if (!row) throw new HttpError(404, renewalNotFoundText);
  const propertyType = row.order_property_type === 'commercial' || row.property_type === 'commercial' ? 'commercial' : 'residential';
  const company = row.order_company ?? row.company;
  return {
    slug: row.slug,
    endsOn: row.ends_on,
    name: row.name || row.order_name,
    email: row.email ?? row.order_email,
    phone: row.phone ?? row.order_phone,
    propertyType,
    ...(propertyType === 'commercial' && company ? { company } : {}),
    ...(propertyType === 'commercial' && row.contact_person ? { contactPerson: row.contact_person } : {}),
    serviceAddress: { line1: row.line1, ...(row.line2 ? { line2: row.line2 } : {}), city: row.city, state: row.state, zip: row.zip },
  };
}

/** GET /api/checkout/renewal: rate limited per client like the other public endpoints, then the pre-fill. */
export async function lookupRenewal(token: string, { request, context, log }: { request: Request; context: Context | undefined; log: Logger }, env: Env = process.env): Promise<RenewalPrefill> {
  const now = new Date();
  const address = clientAddress(request, context);
  const client = address ? clientHash(address, env.CLIENT_HASH_SECRET) : null;
  await refuseOverRateLimit(renewalLookupRateLimit.bucket, client, rateLimitFor(env, log) && renewalLookupRateLimit, now);
  return withDb((db) => renewalPrefill(db, token, now));
}
