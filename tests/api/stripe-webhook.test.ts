/**
 * POST /api/webhooks/stripe over real HTTP on PGlite and PostgreSQL, with events signed by the
 * Stripe SDK's test helper (tests/support/fake-stripe.ts): a completed checkout sent three times at
 * once fulfils once (one membership, one receipt); an async payment that succeeds later, one that
 * fails, events out of order and an expired session; bad and stale signatures get a 400 and change
 * nothing; hostile bodies and headers are a 4xx, never a 500.
 */
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { seedProducts } from '../../src/server/repositories/product.repository';
import { lakeHouse, mailFiles, orderBody, postCheckout, waitForMail } from '../support/checkout-requests';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

describe.each(testDatabaseKinds)('the Stripe webhook on %s', (kind) => {
  let site: TestSite;
  let stripe: FakeStripe;
  let db: Kysely<Database>;
  let origin: string;
  let webhook: string;
  let mailDir: string;
  const savedEnv = { ...process.env };
  let street = 100;

  beforeAll(async () => {
    stripe = await startFakeStripe({ asyncDelayMs: 50 });
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    webhook = `${origin}/api/webhooks/stripe`;
    stripe.webhookUrl = webhook;
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

  /** A fresh order with a membership (a new address each time), its Checkout Session opened. */
  async function openOrder(email = 'buyer@example.com') {
    street += 1;
    const response = await postCheckout(origin, orderBody({ email, items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: { ...lakeHouse, line1: `${street} Lakeshore Drive` } }] }));
    const answer = await response.json();
    expect(answer.status, JSON.stringify(answer)).toBe('redirect');
    const sessionId = new URL(answer.checkoutUrl).pathname.split('/').pop()!;
    const order = await db.selectFrom('orders').selectAll().where('stripe_session_id', '=', sessionId).executeTakeFirstOrThrow();
    return { sessionId, order, orderNumber: answer.orderNumber as string };
  }
  const orderState = async (id: number) => {
    const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const memberships = await db.selectFrom('memberships').selectAll().where('order_id', '=', id).execute();
    const messages = await db.selectFrom('outbox_messages').select(['topic', 'payload']).where('order_id', '=', id).orderBy('id').execute();
    return { order, memberships, messages };
  };
  const complete = (sessionId: string, paid = true) => {
    const session = stripe.sessions.get(sessionId)!;
    session.status = 'complete';
    session.payment_intent = `pi_test_${sessionId.slice(-8)}`;
    if (paid) session.payment_status = 'paid';
  };
  const post = (body: string, signature?: string) =>
    fetch(webhook, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(signature === undefined ? {} : { 'Stripe-Signature': signature }) }, body });

  test('checkout.session.completed sent three times at once (and once more later) fulfils once: one membership, one receipt', async () => {
    const { sessionId, order, orderNumber } = await openOrder('three@example.com');
    complete(sessionId);
    const signed = stripe.event('checkout.session.completed', sessionId);
    const statuses = await Promise.all([0, 1, 2].map(async () => (await post(signed.body, signed.signature)).status));
    expect(statuses).toEqual([200, 200, 200]);
    expect(await stripe.send('checkout.session.completed', sessionId)).toBe(200);

    const { order: paid, memberships, messages } = await orderState(order.id);
    expect(paid).toMatchObject({ status: 'paid', stripe_payment_intent: `pi_test_${sessionId.slice(-8)}` });
    expect(paid.paid_at).not.toBeNull();
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ status: 'active', visits_included: 1, visits_used: 0 });
    expect(messages.map((m) => m.topic)).toEqual(['buyer-order-email', 'staff-order-email']);
    const receipts = await waitForMail(mailDir, `Your receipt for order ${orderNumber}`);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatch(/^To: three@example.com/m);
    expect(receipts[0]).toMatch(/from [A-Z][a-z]+ \d+, \d{4} to [A-Z][a-z]+ \d+, \d{4}\. It does not renew by itself/);
    expect((await db.selectFrom('stripe_events').select('event_id').where('event_id', '=', signed.id).execute())).toHaveLength(1);

    const customer = await db.selectFrom('customers').selectAll().where('id', '=', paid.customer_id!).executeTakeFirstOrThrow();
    expect(customer).toMatchObject({ email: 'three@example.com', phone_digits: '5125550100' });
    expect(customer.public_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const address = await db.selectFrom('service_addresses').selectAll().where('id', '=', memberships[0]!.service_address_id).executeTakeFirstOrThrow();
    expect(address.customer_id).toBe(customer.id);

    // The same buyer again: matched to the same customer record.
    const second = await openOrder('three@example.com');
    complete(second.sessionId);
    expect(await stripe.send('checkout.session.completed', second.sessionId)).toBe(200);
    expect((await orderState(second.order.id)).order.customer_id).toBe(customer.id);
  });

  test('an async payment: processing when completed, paid when it succeeds later (and a late completed event changes nothing)', async () => {
    const { sessionId, order } = await openOrder();
    complete(sessionId, false);
    expect(await stripe.send('checkout.session.completed', sessionId)).toBe(200);
    expect((await orderState(order.id)).order.status).toBe('processing');
    expect((await orderState(order.id)).memberships).toHaveLength(0);
    stripe.sessions.get(sessionId)!.payment_status = 'paid';
    expect(await stripe.send('checkout.session.async_payment_succeeded', sessionId)).toBe(200);
    expect(await stripe.send('checkout.session.completed', sessionId, { session: { payment_status: 'unpaid' } })).toBe(200);
    expect(await stripe.send('checkout.session.expired', sessionId)).toBe(200);
    const state = await orderState(order.id);
    expect(state.order.status).toBe('paid');
    expect(state.memberships).toHaveLength(1);
    expect(state.messages.filter((m) => m.topic === 'buyer-order-email')).toHaveLength(1);
  });

  test('out of order: async success before completed fulfils once', async () => {
    const { sessionId, order } = await openOrder();
    complete(sessionId);
    const succeeded = stripe.event('checkout.session.async_payment_succeeded', sessionId);
    const completed = stripe.event('checkout.session.completed', sessionId);
    const statuses = await Promise.all([post(succeeded.body, succeeded.signature), post(completed.body, completed.signature)].map(async (r) => (await r).status));
    expect(statuses).toEqual([200, 200]);
    const state = await orderState(order.id);
    expect(state.order.status).toBe('paid');
    expect(state.memberships).toHaveLength(1);
    expect(state.messages.filter((m) => m.topic === 'buyer-order-email')).toHaveLength(1);
  });

  test('an async payment that fails: the order is failed, nothing is fulfilled, the office is told; the success page says failed', async () => {
    const { sessionId, order, orderNumber } = await openOrder('fails@example.com');
    const success = await fetch(`${stripe.url}/pay/${sessionId}`, { method: 'POST', body: new URLSearchParams({ action: 'async-fail' }), redirect: 'manual' });
    expect(success.status).toBe(303);
    for (let i = 0; i < 100 && (await orderState(order.id)).order.status !== 'failed'; i++) await new Promise((r) => setTimeout(r, 50));
    const state = await orderState(order.id);
    expect(state.order.status).toBe('failed');
    expect(state.memberships).toHaveLength(0);
    expect(state.messages.map((m) => m.topic)).toEqual(['staff-order-email']);
    expect(state.messages[0]!.payload.text).toMatch(/payment .*failed at Stripe/);
    const status = await (await fetch(`${origin}/api/checkout/status?session_id=${sessionId}`)).json();
    expect(status).toMatchObject({ orderNumber, status: 'failed' });
    expect(await stripe.send('checkout.session.async_payment_failed', sessionId)).toBe(200);
    expect(await stripe.send('checkout.session.completed', sessionId, { session: { payment_status: 'unpaid' } })).toBe(200);
    expect((await orderState(order.id)).order.status).toBe('failed');
    expect((await orderState(order.id)).messages).toHaveLength(1);
  });

  test('an expired session marks the order expired', async () => {
    const { sessionId, order } = await openOrder();
    stripe.sessions.get(sessionId)!.status = 'expired';
    expect(await stripe.send('checkout.session.expired', sessionId)).toBe(200);
    expect((await orderState(order.id)).order.status).toBe('expired');
  });

  test('a bad, stale or missing signature is a 400 and changes nothing', async () => {
    const { sessionId, order } = await openOrder();
    complete(sessionId);
    const eventsBefore = await db.selectFrom('stripe_events').select('event_id').execute();
    const good = stripe.event('checkout.session.completed', sessionId);
    const wrongSecret = stripe.event('checkout.session.completed', sessionId, { secret: 'whsec_not_ours' });
    const stale = stripe.event('checkout.session.completed', sessionId, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    const attempts: [string, string | undefined][] = [
      [wrongSecret.body, wrongSecret.signature],
      [stale.body, stale.signature],
      [good.body.replace('"paid"', '"paid" '), good.signature],
      [good.body, undefined],
      [good.body, 't=1,v1=00'],
      [good.body, 'x'.repeat(3000)],
    ];
    for (const [body, signature] of attempts) {
      const response = await post(body, signature);
      expect(response.status, `${signature?.slice(0, 40)} ${body.slice(0, 60)}`).toBe(400);
      expect((await response.json()).error).toMatch(errorFormat);
    }
    expect(await db.selectFrom('stripe_events').select('event_id').execute()).toEqual(eventsBefore);
    expect((await orderState(order.id)).order.status).toBe('processing');

    // A signature 4 minutes old is still accepted.
    const recent = stripe.event('checkout.session.completed', sessionId, { timestamp: Math.floor(Date.now() / 1000) - 240 });
    expect((await post(recent.body, recent.signature)).status).toBe(200);
    expect((await orderState(order.id)).order.status).toBe('paid');
  });

  test('events for no known order, and other event types, are stored and acknowledged without changing anything', async () => {
    const payload = JSON.stringify({ id: 'evt_test_other', object: 'event', type: 'charge.succeeded', data: { object: { object: 'charge', id: 'ch_1' } } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.env.STRIPE_WEBHOOK_SECRET });
    expect((await post(payload, signature)).status).toBe(200);
    const unknown = JSON.stringify({ id: 'evt_test_unknown', object: 'event', type: 'checkout.session.completed', data: { object: { object: 'checkout.session', id: 'cs_test_nobody', payment_status: 'paid', metadata: { order_public_id: 'abcdefghijklmnopqrstuvwx' } } } });
    expect((await post(unknown, Stripe.webhooks.generateTestHeaderString({ payload: unknown, secret: stripe.env.STRIPE_WEBHOOK_SECRET }))).status).toBe(200);
    expect(await db.selectFrom('stripe_events').select(['event_id', 'processed_at']).where('event_id', 'in', ['evt_test_other', 'evt_test_unknown']).execute()).toHaveLength(2);
  });

  test('hostile bodies, signed or not, are a 4xx or an acknowledgement, never a 500', async () => {
    const secret = stripe.env.STRIPE_WEBHOOK_SECRET;
    await fc.assert(fc.asyncProperty(fc.oneof(fc.string({ maxLength: 2000 }), fc.json(), fc.anything().map((v) => JSON.stringify({ id: `evt_fc_${Math.random().toString(36).slice(2)}`, type: 'checkout.session.completed', data: { object: v } }) ?? 'null')), fc.boolean(), async (body, sign) => {
      const signature = sign ? Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) : 't=1,v1=abc';
      const response = await post(body, signature);
      const text = await response.text();
      expect(response.status, `${body.slice(0, 200)} → ${text}`).toBeLessThan(500);
      if (response.status >= 400) expect(JSON.parse(text).error).toMatch(errorFormat);
    }), { numRuns: 60 });
    const huge = await post('x'.repeat(600 * 1024), 't=1,v1=abc');
    expect(huge.status).toBe(413);
    const get = await fetch(webhook);
    expect(get.status).toBe(405);
    expect((await mailFiles(mailDir)).length).toBeGreaterThan(0);
  }, 120_000);
});
