/**
 * POST /api/checkout with Stripe configured, against a local server speaking Stripe's protocol
 * (tests/support/fake-stripe.ts): the order is stored, then a Checkout Session is opened with the
 * table's prices (never the browser's), the buyer's email and the order's public id; paying on the
 * payment page fulfils it through the signed webhook; a second membership of the plan for the same
 * address is refused with a 409, a renewal is not; when Stripe fails the order is kept as an order
 * request and the office is told.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkoutAnswerSchema } from '../../src/lib/api/checkout.contract';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { seedProducts } from '../../src/server/repositories/product.repository';
import { congress, lakeHouse, orderBody, postCheckout, waitForMail } from '../support/checkout-requests';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { errorFormat, startTestSiteOnPostgres, type TestSite } from '../support/test-site';

describe('checkout with Stripe', () => {
  let site: TestSite;
  let stripe: FakeStripe;
  let db: Kysely<Database>;
  let origin: string;
  let mailDir: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    stripe = await startFakeStripe({ asyncDelayMs: 50 });
    site = await startTestSiteOnPostgres();
    origin = site.site.url;
    stripe.webhookUrl = `${origin}/api/webhooks/stripe`;
    mailDir = path.join(site.dir, 'mail');
    Object.assign(process.env, stripe.env, { MAIL_DIR: mailDir, RATE_LIMIT_DISABLED: '1' });
    delete process.env.SMTP_URL;
    db = createDb(site.site.database.env);
    await seedProducts(db);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
    await stripe?.stop();
  });

  const checkout = async (body: Record<string, unknown>) => {
    const response = await postCheckout(origin, body);
    const json = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(200);
    return checkoutAnswerSchema.parse(json);
  };
  const pay = async (checkoutUrl: string, action = 'pay') => {
    const response = await fetch(checkoutUrl, { method: 'POST', body: new URLSearchParams({ action }), redirect: 'manual' });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location')!);
  };

  test('the session carries the table\'s prices, the buyer\'s email and the order; paying fulfils it and the status says paid', async () => {
    const answer = await checkout(orderBody({
      items: [{ slug: 'platinum-vip-tankless', quantity: 1, price: 1, serviceAddress: congress }, { slug: 'bio-pure-septic-drain-rv', quantity: 3 }],
      shippingAddress: lakeHouse,
    }));
    expect(answer.status).toBe('redirect');
    if (answer.status !== 'redirect') return;
    const sessionId = new URL(answer.checkoutUrl).pathname.split('/').pop()!;
    const session = stripe.sessions.get(sessionId)!;
    expect(session.line_items.map((l) => [l.name, l.unit_amount, l.quantity])).toEqual([
      ['Platinum VIP Membership (Tankless Water Heater)', 59980, 1],
      ['Bio-Pure Septic & Drain + RV Restore & Maintain (32 oz)', 2953, 3],
    ]);
    expect(session.amount_total).toBe(59980 + 3 * 2953);
    expect(session.customer_email).toBe('ana@example.com');
    expect(session.success_url).toBe(`${origin}/store/checkout/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${origin}/store/checkout/silver-vip-tank`);
    const order = await db.selectFrom('orders').selectAll().where('order_number', '=', answer.orderNumber).executeTakeFirstOrThrow();
    expect(session.metadata.order_public_id).toBe(order.public_id);
    expect(order).toMatchObject({ status: 'processing', stripe_session_id: sessionId, total_cents: session.amount_total, payment_method: 'stripe' });

    const before = await (await fetch(`${origin}/api/checkout/status?session_id=${sessionId}`)).json();
    expect(before.status).toBe('processing');

    const success = await pay(answer.checkoutUrl);
    expect(success.pathname).toBe('/store/checkout/success');
    expect(success.searchParams.get('session_id')).toBe(sessionId);
    const after = await (await fetch(`${origin}/api/checkout/status?session_id=${sessionId}`)).json();
    expect(after).toMatchObject({ orderNumber: answer.orderNumber, status: 'paid', totalCents: session.amount_total });

    const membership = await db.selectFrom('memberships').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(membership.visits_included).toBe(3);
    expect(Number(membership.ends_on.slice(0, 4)) - Number(membership.starts_on.slice(0, 4))).toBe(3);
    const receipt = await waitForMail(mailDir, `Your receipt for order ${answer.orderNumber}`);
    expect(receipt).toHaveLength(1);
  });

  test('a second membership of a plan for the same address is refused with a 409 (however the address is typed); a renewal is not', async () => {
    const first = await checkout(orderBody({ items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: lakeHouse }] }));
    if (first.status !== 'redirect') throw new Error('expected a redirect');
    await pay(first.checkoutUrl);
    const again = await postCheckout(origin, orderBody({ email: 'other@example.com', items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: { ...lakeHouse, line1: '12 lakeshore dr.' } }] }));
    expect(again.status).toBe(409);
    const { error } = await again.json();
    expect(error).toMatch(errorFormat);
    expect(error).toMatch(/The address 12 lakeshore dr\., Marble Falls, TX 78654 already has an active Silver VIP Membership \(Tank Water Heater\) until \d{4}-\d\d-\d\d/);

    const another = await checkout(orderBody({ items: [{ slug: 'silver-vip-tankless', quantity: 1, serviceAddress: lakeHouse }] }));
    expect(another.status).toBe('redirect');

    const order = await db.selectFrom('orders').select('id').where('order_number', '=', first.orderNumber).executeTakeFirstOrThrow();
    const current = await db.selectFrom('memberships').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const renewal = await checkout(orderBody({ renewalToken: current.renewal_token, items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: lakeHouse }] }));
    if (renewal.status !== 'redirect') throw new Error('expected a redirect');
    await pay(renewal.checkoutUrl);
    const renewalOrder = await db.selectFrom('orders').select('id').where('order_number', '=', renewal.orderNumber).executeTakeFirstOrThrow();
    const next = await db.selectFrom('memberships').selectAll().where('order_id', '=', renewalOrder.id).executeTakeFirstOrThrow();
    expect(next.starts_on > current.ends_on).toBe(true);
  });

  test('when Stripe fails, the order is kept as an order request, the office is told and the buyer is told the office will call', async () => {
    stripe.failNext(500, 'Stripe is down.');
    const answer = await checkout(orderBody({ email: 'down@example.com', items: [{ slug: 'rental-vip', quantity: 1, serviceAddress: { ...congress, line2: 'Unit 9' } }] }));
    expect(answer.status).toBe('request');
    const order = await db.selectFrom('orders').selectAll().where('order_number', '=', answer.orderNumber).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: 'requested', payment_method: 'office', stripe_session_id: null });
    expect(order.stripe_error).toMatch(/Stripe is down/);
    const mails = await waitForMail(mailDir, answer.orderNumber, 2);
    expect(mails.some((m) => /^To: staff@localhost/m.test(m) && m.includes('Stripe did not answer'))).toBe(true);
    expect(mails.some((m) => /^To: down@example.com/m.test(m) && m.includes('our office will call you'))).toBe(true);
  });
});
