/**
 * POST /api/checkout and GET /api/checkout/status without Stripe keys (the local default), over real
 * HTTP through the served functions on PGlite and PostgreSQL: an order request is saved with the
 * table's prices, the office and the buyer are emailed that the office will call to take payment;
 * the rules (unknown or inactive items, membership addresses, commercial plans, shipping), the
 * Idempotency-Key, the spam trap, the rate limit; the status shows nothing personal; hostile input
 * is a 4xx, never a 500.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkoutAnswerSchema, checkoutStatusSchema } from '../../src/lib/api/checkout.contract';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { seedProducts } from '../../src/server/repositories/product.repository';
import { checkoutRateLimit } from '../../src/server/services/checkout';
import { congress, lakeHouse, mailFiles, orderBody, postCheckout, waitForMail } from '../support/checkout-requests';
import { clearOfWindowEdge } from '../support/rate-window';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

describe.each(testDatabaseKinds)('checkout without Stripe on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let mailDir: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
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

  const orderCount = async () => Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const expectRefused = async (response: Response, status: number, text?: RegExp) => {
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(status);
    expect(body.error).toMatch(errorFormat);
    if (text) expect(body.error).toMatch(text);
    return body;
  };

  test('an order request is saved at the table\'s prices, both emails say the office will call, and the status shows nothing personal', async () => {
    const response = await postCheckout(origin, orderBody({
      items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: congress }, { slug: 'bio-pure-septic-drain-rv', quantity: 2 }],
      shippingAddress: lakeHouse,
    }));
    expect(response.status).toBe(200);
    const answer = checkoutAnswerSchema.parse(await response.json());
    expect(answer.status).toBe('request');
    if (answer.status !== 'request') return;
    expect(answer.orderNumber).toMatch(/^EPS-\d{6}$/);
    const publicId = new URL(answer.successUrl, origin).searchParams.get('order')!;
    expect(publicId).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const order = await db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'requested', payment_method: 'office', total_cents: 13925 + 2 * 2953, email: 'ana@example.com', stripe_session_id: null });
    const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id').execute();
    expect(items.map((i) => [i.slug, i.kind, i.unit_price_cents, i.quantity])).toEqual([['silver-vip-tank', 'membership', 13925, 1], ['bio-pure-septic-drain-rv', 'product', 2953, 2]]);
    expect(items[0]!.service_address).toMatchObject({ line1: congress.line1, zip: '78701' });

    const mails = await waitForMail(mailDir, answer.orderNumber, 2);
    const staffMail = mails.find((m) => /^To: staff@localhost/m.test(m));
    expect(staffMail).toBeDefined();
    expect(staffMail).toMatch(/call them to take payment/);
    const buyerMail = mails.find((m) => /^To: ana@example.com/m.test(m));
    expect(buyerMail).toContain(answer.orderNumber);
    expect(buyerMail).toMatch(/Nothing has been charged: our office will call you/);
    expect(buyerMail).toContain('701 Tillery St #12');

    const status = await fetch(`${origin}/api/checkout/status?order=${publicId}`);
    expect(status.status).toBe(200);
    const shown = await status.json();
    expect(checkoutStatusSchema.parse(shown)).toEqual({
      orderNumber: answer.orderNumber, status: 'requested', totalCents: 19831,
      items: [{ name: 'Silver VIP Membership (Tank Water Heater)', quantity: 1, kind: 'membership' }, { name: 'Bio-Pure Septic & Drain + RV Restore & Maintain (32 oz)', quantity: 2, kind: 'product' }],
    });
    expect(JSON.stringify(shown)).not.toMatch(/ana|555|Congress|Lakeshore/i);
    await expectRefused(await fetch(`${origin}/api/checkout/status?order=${'x'.repeat(24)}`), 404);
    await expectRefused(await fetch(`${origin}/api/checkout/status?session_id=cs_test_unknown`), 404);
    await expectRefused(await fetch(`${origin}/api/checkout/status`), 400);
    await expectRefused(await fetch(`${origin}/api/checkout/status?order=${publicId}&session_id=cs_test_1`), 400);
  });

  test('a price in the request is refused at the top and ignored in a line: the table\'s price is what counts', async () => {
    const before = await orderCount();
    await expectRefused(await postCheckout(origin, orderBody({ totalCents: 1 })), 400, /totalCents/);
    expect(await orderCount()).toBe(before);
    const response = await postCheckout(origin, orderBody({ items: [{ slug: 'silver-vip-tank', quantity: 1, price: 1, unit_price_cents: 1, serviceAddress: { ...congress, line1: '7 Price Street' } }] }));
    expect(response.status).toBe(200);
    const { orderNumber } = await response.json();
    const order = await db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
    expect(order.total_cents).toBe(13925);
  });

  test('the order\'s rules: each refusal names what to fix and stores nothing', async () => {
    const before = await orderCount();
    await expectRefused(await postCheckout(origin, orderBody({ items: [{ slug: 'gold-plated-faucet', quantity: 1 }] })), 422, /The item "gold-plated-faucet" is not for sale/);
    await db.updateTable('products').set({ active: false }).where('slug', '=', 'rental-vip').execute();
    await expectRefused(await postCheckout(origin, orderBody({ items: [{ slug: 'rental-vip', quantity: 1, serviceAddress: congress }] })), 422, /The item "rental-vip" is not for sale/);
    await db.updateTable('products').set({ active: true }).where('slug', '=', 'rental-vip').execute();

    const noAddress = await expectRefused(await postCheckout(origin, orderBody({ items: [{ slug: 'silver-vip-tank', quantity: 1 }] })), 400);
    expect(noAddress.fields['items.0.serviceAddress']).toMatch(/Enter the address the Silver VIP/);
    const two = await expectRefused(await postCheckout(origin, orderBody({ items: [{ slug: 'silver-vip-tank', quantity: 2, serviceAddress: congress }] })), 400);
    expect(two.fields['items.0.quantity']).toMatch(/one .* per address/);
    const noShipping = await expectRefused(await postCheckout(origin, orderBody({ items: [{ slug: 'bio-pure-septic-drain-rv', quantity: 1 }] })), 400);
    expect(noShipping.fields.shippingAddress).toMatch(/ship/);
    const residential = await expectRefused(await postCheckout(origin, orderBody({ items: [{ slug: 'commercial-vip', quantity: 1, serviceAddress: congress }] })), 400);
    expect(residential.fields.propertyType).toMatch(/for businesses: choose commercial/);
    await expectRefused(await postCheckout(origin, orderBody({ items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: congress }, { slug: 'silver-vip-tank', quantity: 1, serviceAddress: { ...congress, line1: '100 congress ave.' } }] })), 409, /twice/);
    await expectRefused(await postCheckout(origin, orderBody({ propertyType: 'commercial' })), 400, /company/);
    await expectRefused(await postCheckout(origin, orderBody({ renewalToken: 'ab'.repeat(32) })), 422, /renewal link/);
    expect(await orderCount()).toBe(before);

    const commercial = await postCheckout(origin, orderBody({ items: [{ slug: 'commercial-vip', quantity: 1, serviceAddress: lakeHouse }], propertyType: 'commercial', company: 'Lake Diner LLC', contactPerson: 'Sam Ortiz', billingSameAsService: false, billingAddress: congress }));
    expect(commercial.status).toBe(200);
  });

  test('the same Idempotency-Key gets the first answer; with another body it is refused', async () => {
    const key = randomUUID();
    const body = orderBody({ items: [{ slug: 'platinum-vip-tank', quantity: 1, serviceAddress: lakeHouse }] });
    const first = await (await postCheckout(origin, body, { 'Idempotency-Key': key })).json();
    const again = await (await postCheckout(origin, { ...body, formStartTime: Date.now() - 5000 }, { 'Idempotency-Key': key })).json();
    expect(again).toEqual(first);
    expect(await db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute()).toHaveLength(1);
    await expectRefused(await postCheckout(origin, { ...body, name: 'Someone Else' }, { 'Idempotency-Key': key }), 422, /reused the key/);
    await expectRefused(await postCheckout(origin, body, { 'Idempotency-Key': 'not-a-uuid' }), 400, /UUID/);
  });

  test('a filled spam trap is stored as spam and emails nobody', async () => {
    const response = await postCheckout(origin, orderBody({ website: 'http://spam.example', email: 'bot@example.com' }));
    expect(response.status).toBe(200);
    const order = await db.selectFrom('orders').selectAll().where('email', '=', 'bot@example.com').executeTakeFirstOrThrow();
    expect(order.spam).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect((await mailFiles(mailDir)).filter((m) => m.includes('bot@example.com'))).toEqual([]);
  });

  test('more than 10 checkouts from one client in 10 minutes get a 429', async () => {
    await clearOfWindowEdge(checkoutRateLimit.windowSeconds);
    delete process.env.RATE_LIMIT_DISABLED;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const response = await postCheckout(origin, orderBody({ items: [{ slug: 'no-such-plan', quantity: 1 }] }), { 'x-nf-client-connection-ip': '203.0.113.9' });
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      process.env.RATE_LIMIT_DISABLED = '1';
    }
  });

  test('hostile input to POST /api/checkout and GET /api/checkout/status is a 4xx in the error format, never a 500', async () => {
    const hostile = fc.oneof(fc.anything(), fc.string(), fc.integer(), fc.constant(null), fc.constant('\u0000'), fc.string({ maxLength: 3000 }));
    const fields = ['items', 'name', 'phone', 'email', 'propertyType', 'company', 'contactPerson', 'shippingAddress', 'billingSameAsService', 'billingAddress', 'acceptTerms', 'renewalToken', 'website', 'formStartTime'];
    await fc.assert(fc.asyncProperty(fc.constantFrom(...fields), hostile, fc.boolean(), async (field, value, inItem) => {
      const body = inItem
        ? orderBody({ items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: { ...congress, [field.slice(0, 5)]: value } }] })
        : orderBody({ [field]: value });
      const response = await postCheckout(origin, body);
      const text = await response.text();
      expect(response.status, `${field}: ${text}`).toBeLessThan(500);
      if (response.status >= 400) expect(JSON.parse(text).error).toMatch(errorFormat);
    }), { numRuns: 60 });
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom('session_id', 'order', 'x', 'order[]'), fc.string({ maxLength: 300 })), async (query) => {
      const url = new URL(`${origin}/api/checkout/status`);
      for (const [k, v] of Object.entries(query)) url.searchParams.append(k, v);
      const response = await fetch(url);
      const text = await response.text();
      expect([200, 400, 404], text).toContain(response.status);
      if (response.status !== 200) expect(JSON.parse(text).error).toMatch(errorFormat);
    }), { numRuns: 40 });
    for (const raw of ['', 'not json', '[]', 'null', '{"items":', JSON.stringify(orderBody()).replace('"name"', '"name\\u0000"')]) {
      const response = await postCheckout(origin, raw);
      expect(response.status, raw).toBeGreaterThanOrEqual(400);
      expect(response.status, raw).toBeLessThan(500);
    }
    const big = await postCheckout(origin, orderBody({ name: 'x'.repeat(40_000) }));
    expect(big.status).toBe(413);
  }, 120_000);
});
