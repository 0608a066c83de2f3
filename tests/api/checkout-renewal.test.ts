/**
 * GET /api/checkout/renewal and renewing through POST /api/checkout, over real HTTP through the
 * served functions on PGlite and PostgreSQL: a membership's renew link pre-fills the holder's
 * details and the service address (nothing else), the order placed with its token is recorded as
 * the renewal and starts the day after the old term ends; unknown, malformed, expired, cancelled
 * and already renewed tokens get the same 404; the look-up is rate limited; hostile input is a
 * 4xx, never a 500.
 */
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, officeDate } from '../../src/lib/booking/booking-days';
import { checkoutAnswerSchema } from '../../src/lib/api/checkout.contract';
import { renewalPrefillSchema } from '../../src/lib/api/renewal.contract';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { seedProducts } from '../../src/server/repositories/product.repository';
import { changeOrder } from '../../src/server/services/admin-orders';
import { RENEWAL_GRACE_DAYS, renewalLookupRateLimit } from '../../src/server/services/membership-renewal';
import { orderBody, postCheckout } from '../support/checkout-requests';
import { clearOfWindowEdge } from '../support/rate-window';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const office = { email: 'office@example.com', requestId: 'renewal-test' };
const pecan = { line1: '9 Pecan Street', line2: 'Unit B', city: 'Austin', state: 'TX', zip: '78702' };

describe.each(testDatabaseKinds)('renewing a membership on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    process.env.MAIL_DIR = `${site.dir}/mail`;
    process.env.RATE_LIMIT_DISABLED = '1';
    for (const name of ['SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL']) delete process.env[name];
    db = createDb(site.site.database.env);
    await seedProducts(db);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  /** Places an order request and marks it paid as the office does; returns the order number. */
  const buy = async (body: Record<string, unknown>) => {
    const response = await postCheckout(origin, orderBody(body));
    const json = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(200);
    const answer = checkoutAnswerSchema.parse(json);
    const order = await db.selectFrom('orders').selectAll().where('order_number', '=', answer.orderNumber).executeTakeFirstOrThrow();
    await changeOrder(db, order.public_id, { action: 'mark-paid' }, office);
    return order;
  };
  const membershipOf = (orderId: number) => db.selectFrom('memberships').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
  const lookUp = (token: string, headers: Record<string, string> = {}) => fetch(`${origin}/api/checkout/renewal?token=${encodeURIComponent(token)}`, { headers });
  const expectNotFound = async (token: string) => {
    const response = await lookUp(token);
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(404);
    expect(body.error).toMatch(errorFormat);
    expect(body.error).toMatch(/This renewal link is not valid any more/);
    return body;
  };

  test('the renew link pre-fills the holder\'s details and address; the order with its token is the renewal and starts when the old term ends', async () => {
    const email = `rosa-${kind}@example.com`;
    const first = await buy({ name: 'Rosa Vega', email, phone: '(512) 555-0142', propertyType: 'commercial', company: 'Vega Tacos', contactPerson: 'Luis Vega', items: [{ slug: 'commercial-vip', quantity: 1, serviceAddress: pecan }] });
    const current = await membershipOf(first.id);
    expect(current.renewal_token).toMatch(/^[0-9a-f]{64}$/);
    expect(current.renewal_token).not.toBe(current.public_id);

    const response = await lookUp(current.renewal_token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const prefill = renewalPrefillSchema.parse(await response.json());
    expect(prefill).toEqual({
      slug: 'commercial-vip', endsOn: current.ends_on, name: 'Rosa Vega', email, phone: '(512) 555-0142',
      propertyType: 'commercial', company: 'Vega Tacos', contactPerson: 'Luis Vega', serviceAddress: pecan,
    });
    expect(JSON.stringify(prefill)).not.toContain(current.public_id);

    // What the pre-filled form sends: the same address, typed as stored, with the token.
    const { name, phone, propertyType, company, contactPerson } = prefill;
    const renewal = await buy({ name, email: prefill.email, phone, propertyType, company, contactPerson, renewalToken: current.renewal_token, items: [{ slug: 'commercial-vip', quantity: 1, serviceAddress: prefill.serviceAddress }] });
    const [item] = await db.selectFrom('order_items').selectAll().where('order_id', '=', renewal.id).execute();
    expect(item!.renews_membership_id).toBe(current.id);
    const next = await membershipOf(renewal.id);
    expect(next.starts_on).toBe(addDays(current.ends_on, 1));
    expect(next.renewal_token).not.toBe(current.renewal_token);

    // Renewed: the old link is answered like an unknown one, and checkout refuses it; the new one works.
    const unknown = await expectNotFound('0'.repeat(64));
    expect(await expectNotFound(current.renewal_token)).toEqual(unknown);
    const again = await postCheckout(origin, orderBody({ renewalToken: current.renewal_token, items: [{ slug: 'commercial-vip', quantity: 1, serviceAddress: pecan }], propertyType: 'commercial', company: 'Vega Tacos', contactPerson: 'Luis Vega' }));
    expect(again.status).toBe(422);
    expect((await again.json()).error).toMatch(/That renewal link is no longer valid/);
    expect((await lookUp(next.renewal_token)).status).toBe(200);
  });

  test('a token for a membership ended long ago, or cancelled, or for a retired plan, gets the same 404 as an unknown one; a malformed one a 400', async () => {
    const order = await buy({ email: `old-${kind}@example.com`, items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: { ...pecan, line1: '40 Old Mill Road' } }] });
    const membership = await membershipOf(order.id);
    const unknown = await expectNotFound('f'.repeat(64));
    expect((await lookUp(membership.renewal_token)).status).toBe(200);

    const today = officeDate(new Date());
    const endOn = (endsOn: string) => db.updateTable('memberships').set({ starts_on: addDays(endsOn, -364), ends_on: endsOn }).where('id', '=', membership.id).execute();
    await endOn(addDays(today, -RENEWAL_GRACE_DAYS));
    expect((await lookUp(membership.renewal_token)).status).toBe(200);
    await endOn(addDays(today, -RENEWAL_GRACE_DAYS - 1));
    expect(await expectNotFound(membership.renewal_token)).toEqual(unknown);

    await endOn(addDays(today, 30));
    await db.updateTable('memberships').set({ status: 'cancelled' }).where('id', '=', membership.id).execute();
    expect(await expectNotFound(membership.renewal_token)).toEqual(unknown);
    await db.updateTable('memberships').set({ status: 'active' }).where('id', '=', membership.id).execute();
    await db.updateTable('products').set({ active: false }).where('slug', '=', 'silver-vip-tank').execute();
    try {
      expect(await expectNotFound(membership.renewal_token)).toEqual(unknown);
    } finally {
      await db.updateTable('products').set({ active: true }).where('slug', '=', 'silver-vip-tank').execute();
    }

    for (const bad of [membership.public_id, membership.renewal_token.toUpperCase(), `${membership.renewal_token}0`, '']) {
      const response = await lookUp(bad);
      expect(response.status, bad).toBe(400);
      expect((await response.json()).error).toMatch(errorFormat);
    }
    expect((await fetch(`${origin}/api/checkout/renewal`)).status).toBe(400);
  });

  test('more than 20 look-ups from one client in 10 minutes get a 429', async () => {
    await clearOfWindowEdge(renewalLookupRateLimit.windowSeconds);
    delete process.env.RATE_LIMIT_DISABLED;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const response = await lookUp('e'.repeat(64), { 'x-nf-client-connection-ip': `203.0.113.${kind === 'pglite' ? 21 : 22}` });
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      process.env.RATE_LIMIT_DISABLED = '1';
    }
  });

  test('hostile input to GET /api/checkout/renewal and to the checkout\'s renewal token is a 4xx in the error format, never a 500', async () => {
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom('token', 'x', 'token[]', 'renew'), fc.oneof(fc.string({ maxLength: 300 }), fc.stringMatching(/^[0-9a-fA-F]{60,70}$/), fc.stringMatching(/^[0-9a-f]{64}$/))), async (query) => {
      const url = new URL(`${origin}/api/checkout/renewal`);
      for (const [k, v] of Object.entries(query)) url.searchParams.append(k, v);
      const response = await fetch(url);
      const text = await response.text();
      expect([400, 404], text).toContain(response.status);
      expect(JSON.parse(text).error).toMatch(errorFormat);
    }), { numRuns: 40 });
    // Anything but undefined, which JSON leaves out: a checkout without a renewal token is an ordinary one.
    await fc.assert(fc.asyncProperty(fc.oneof(fc.anything().filter((v) => v !== undefined), fc.string({ maxLength: 300 }), fc.stringMatching(/^[0-9a-f]{64}$/)), async (value) => {
      const response = await postCheckout(origin, orderBody({ renewalToken: value }));
      const text = await response.text();
      expect(response.status, text).toBeGreaterThanOrEqual(400);
      expect(response.status, text).toBeLessThan(500);
      expect(JSON.parse(text).error).toMatch(errorFormat);
    }), { numRuns: 30 });
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const response = await fetch(`${origin}/api/checkout/renewal?token=${'0'.repeat(64)}`, { method });
      expect(response.status, method).toBeGreaterThanOrEqual(400);
      expect(response.status, method).toBeLessThan(500);
    }
  }, 120_000);
});
