/**
 * /admin/orders' and /admin/memberships' endpoints over real HTTP on PostgreSQL: staff find an order
 * request, mark it paid when the office took payment by phone (it is fulfilled like a Stripe payment:
 * membership, customer, receipt), cancel an unpaid one; only an owner refunds, through the local
 * Stripe-protocol server for an order paid there; every change is audited; hostile input is a 4xx.
 */
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminMembershipListContract, adminMembershipVisitsContract, adminOrderContract, adminOrderListContract, adminOrderRefundContract, adminOrderUpdateContract, orderDetailSchema, type OrderDetail,
} from '../../src/lib/api/admin/orders.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { seedProducts } from '../../src/server/repositories/product.repository';
import { congress, lakeHouse, orderBody, postCheckout, waitForMail } from '../support/checkout-requests';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOnPostgres, type TestSite } from '../support/test-site';

const clerk = 'orders.staff@example.com';
const owner = 'orders.owner@example.com';
const stripeVars = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL'] as const;

describe('/api/admin/orders and /api/admin/memberships', () => {
  let site: TestSite;
  let stripe: FakeStripe;
  let db: Kysely<Database>;
  let origin: string;
  let mailDir: string;
  let staffCookie: string;
  let ownerCookie: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    stripe = await startFakeStripe({ asyncDelayMs: 50 });
    site = await startTestSiteOnPostgres();
    origin = site.site.url;
    stripe.webhookUrl = `${origin}/api/webhooks/stripe`;
    mailDir = path.join(site.dir, 'mail');
    Object.assign(process.env, { MAIL_DIR: mailDir, RATE_LIMIT_DISABLED: '1' });
    for (const name of ['SMTP_URL', ...stripeVars]) delete process.env[name];
    db = createDb(site.site.database.env);
    await seedProducts(db);
    await upsertStaff(db, { email: clerk, role: 'staff', addedBy: 'test' });
    await upsertStaff(db, { email: owner, role: 'owner', addedBy: 'test' });
    staffCookie = await staffSignIn(origin, mailDir).signIn(clerk);
    ownerCookie = await staffSignIn(origin, mailDir).signIn(owner);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
    await stripe?.stop();
  });

  const call = (cookie: string, method: string, p: string, body?: unknown) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });
  const detail = async (response: Response): Promise<OrderDetail> => {
    const json = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(200);
    return orderDetailSchema.parse(json);
  };
  const request = async (overrides: Record<string, unknown>) => {
    const response = await postCheckout(origin, orderBody(overrides));
    const answer = await response.json();
    expect(response.status, JSON.stringify(answer)).toBe(200);
    return answer as { status: string; orderNumber: string; successUrl?: string; checkoutUrl?: string };
  };
  const publicIdOf = async (orderNumber: string) => (await db.selectFrom('orders').select('public_id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow()).public_id;

  test('an order request is found, marked paid by staff (fulfilled, receipt sent, audited), and cannot be marked twice', async () => {
    const answer = await request({ name: 'Phone Payer', email: 'phone.payer@example.com', items: [{ slug: 'silver-vip-tankless', quantity: 1, serviceAddress: congress }] });
    const list = await call(staffCookie, 'GET', '/api/admin/orders?q=phone.payer&status=requested');
    expect(list.status).toBe(200);
    const { rows, total } = await list.json();
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ orderNumber: answer.orderNumber, status: 'requested', paymentMethod: 'office', totalCents: 21212, items: '1 × Silver VIP Membership (Tankless Water Heater)' });

    const publicId = rows[0].publicId;
    const before = await detail(await call(staffCookie, 'GET', `/api/admin/orders/${publicId}`));
    expect(before.lines[0]).toMatchObject({ slug: 'silver-vip-tankless', unitPriceCents: 21212, serviceAddress: { line1: congress.line1 } });
    expect(before.memberships).toEqual([]);
    await waitForMail(mailDir, answer.orderNumber, 2);
    expect((await detail(await call(staffCookie, 'GET', `/api/admin/orders/${publicId}`))).emails.map((e) => e.to).sort()).toEqual(['Office', 'phone.payer@example.com']);

    const paid = await detail(await call(staffCookie, 'PATCH', `/api/admin/orders/${publicId}`, { action: 'mark-paid', note: 'Card taken by phone.' }));
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).not.toBeNull();
    expect(paid.memberships).toHaveLength(1);
    expect(paid.notes).toMatch(/orders.staff@example.com: Card taken by phone\./);
    expect(paid.history.map((h) => [h.action, h.actor])).toEqual([['order.mark-paid', clerk]]);
    expect(await waitForMail(mailDir, `Your receipt for order ${answer.orderNumber}`)).toHaveLength(1);

    const again = await call(staffCookie, 'PATCH', `/api/admin/orders/${publicId}`, { action: 'mark-paid' });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toMatch(errorFormat);
    const cancel = await call(staffCookie, 'PATCH', `/api/admin/orders/${publicId}`, { action: 'cancel' });
    expect(cancel.status).toBe(409);

    const memberships = await (await call(staffCookie, 'GET', '/api/admin/memberships?q=Congress')).json();
    expect(memberships.rows.map((m: { plan: string; address: string; visitsIncluded: number }) => [m.plan, m.address, m.visitsIncluded])).toEqual([['Silver VIP Membership (Tankless Water Heater)', '100 Congress Avenue, Suite 4, Austin, TX 78701', 1]]);
  });

  test('an unpaid order is cancelled by staff; a refund needs the owner', async () => {
    const answer = await request({ email: 'cancel.me@example.com', items: [{ slug: 'bio-pure-septic-drain-rv', quantity: 1 }], shippingAddress: lakeHouse });
    const publicId = await publicIdOf(answer.orderNumber);
    const cancelled = await detail(await call(staffCookie, 'PATCH', `/api/admin/orders/${publicId}`, { action: 'cancel', note: 'Changed their mind.' }));
    expect(cancelled).toMatchObject({ status: 'cancelled' });
    expect(cancelled.cancelledAt).not.toBeNull();
    const refund = await call(staffCookie, 'POST', `/api/admin/orders/${publicId}/refund`, {});
    expect(refund.status).toBe(403);
    const notPaid = await call(ownerCookie, 'POST', `/api/admin/orders/${publicId}/refund`, {});
    expect(notPaid.status).toBe(409);
    expect((await call('', 'GET', '/api/admin/orders')).status).toBe(401);
  });

  test('the owner refunds an order paid through Stripe: Stripe refunds the full amount and its membership ends as refunded', async () => {
    Object.assign(process.env, stripe.env);
    try {
      const answer = await request({ email: 'refund.me@example.com', items: [{ slug: 'platinum-vip-tank', quantity: 1, serviceAddress: { ...lakeHouse, line1: '77 Refund Road' } }] });
      expect(answer.status).toBe('redirect');
      const pay = await fetch(answer.checkoutUrl!, { method: 'POST', body: new URLSearchParams({ action: 'pay' }), redirect: 'manual' });
      expect(pay.status).toBe(303);
      const publicId = await publicIdOf(answer.orderNumber);
      const paid = await detail(await call(ownerCookie, 'GET', `/api/admin/orders/${publicId}`));
      expect(paid.status).toBe('paid');
      expect(paid.stripe.sessionId).toMatch(/^cs_test_/);
      expect(paid.stripe.paymentIntent).toMatch(/^pi_/);

      const refunded = await detail(await call(ownerCookie, 'POST', `/api/admin/orders/${publicId}/refund`, { note: 'Moved away.' }));
      expect(refunded.status).toBe('refunded');
      expect(refunded.stripe.refundId).toMatch(/^re_/);
      expect(refunded.memberships.map((m) => m.status)).toEqual(['refunded']);
      expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: paid.stripe.paymentIntent, amount: 31977 })]);
      expect(refunded.history.map((h) => h.action)).toEqual(['order.refund']);
      expect((await call(ownerCookie, 'POST', `/api/admin/orders/${publicId}/refund`, {})).status).toBe(409);
      const status = await (await fetch(`${origin}/api/checkout/status?session_id=${paid.stripe.sessionId}`)).json();
      expect(status.status).toBe('refunded');
    } finally {
      for (const name of stripeVars) delete process.env[name];
    }
  });

  test('staff record membership visits (audited, two at once count twice, never past the plan or below none); lists sort by any sortable column', async () => {
    const answer = await request({ name: 'Visit Counter', email: 'visits@example.com', items: [{ slug: 'platinum-vip-tank', quantity: 1, serviceAddress: { ...lakeHouse, line1: '12 Visit Lane' } }] });
    const orderId = await publicIdOf(answer.orderNumber);
    const paid = await detail(await call(staffCookie, 'PATCH', `/api/admin/orders/${orderId}`, { action: 'mark-paid' }));
    const membership = paid.memberships[0]!;
    expect(membership.visitsIncluded).toBeGreaterThanOrEqual(2);
    const visit = (change: unknown, cookie = staffCookie, id = membership.publicId) => call(cookie, 'POST', `/api/admin/memberships/${id}/visits`, { change });

    const undoNone = await visit(-1);
    expect(undoNone.status).toBe(409);
    expect((await undoNone.json()).error).toMatch(/none to take back/);
    const [a, b] = await Promise.all([visit(1), visit(1)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const row = await (await visit(-1)).json();
    expect(row).toMatchObject({ publicId: membership.publicId, visitsUsed: 1, plan: membership.name });
    for (let used = 1; used < membership.visitsIncluded; used++) expect((await visit(1)).status).toBe(200);
    const full = await visit(1);
    expect(full.status).toBe(409);
    expect((await full.json()).error).toMatch(new RegExp(`All ${membership.visitsIncluded} visits`));
    const stored = await db.selectFrom('memberships').select('visits_used').where('public_id', '=', membership.publicId).executeTakeFirstOrThrow();
    expect(stored.visits_used).toBe(membership.visitsIncluded);
    const audits = await db.selectFrom('audit_log').select(['action', 'actor_email as actor']).where('entity_id', '=', membership.publicId).execute();
    expect(audits.filter((x) => x.action === 'membership.visit')).toHaveLength(membership.visitsIncluded + 1);
    expect(audits.filter((x) => x.action === 'membership.visit-undo')).toHaveLength(1);
    expect(audits.every((x) => x.actor === clerk)).toBe(true);

    for (const bad of [2, 0, '1', null]) expect((await visit(bad)).status).toBe(400);
    expect((await visit(1, staffCookie, 'A'.repeat(24))).status).toBe(404);
    expect((await call('', 'POST', `/api/admin/memberships/${membership.publicId}/visits`, { change: 1 })).status).toBe(401);
    const crossSite = await fetch(`${origin}/api/admin/memberships/${membership.publicId}/visits`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: staffCookie, Origin: 'https://evil.example' }, body: JSON.stringify({ change: -1 }) });
    expect(crossSite.status).toBe(403);

    const totals = async (dir: string) => ((await (await call(staffCookie, 'GET', `/api/admin/orders?sort=total_cents&dir=${dir}&pageSize=100`)).json()).rows as { totalCents: number }[]).map((r) => r.totalCents);
    const up = await totals('asc');
    expect(up.length).toBeGreaterThan(2);
    expect(up).toEqual([...up].sort((x, y) => x - y));
    expect(await totals('desc')).toEqual([...up].reverse());
    const ends = ((await (await call(staffCookie, 'GET', '/api/admin/memberships?status=all&sort=customer&dir=desc')).json()).rows as { customer: string }[]).map((r) => r.customer);
    expect(ends).toEqual([...ends].sort((x, y) => y.localeCompare(x)));
    expect((await call(staffCookie, 'GET', '/api/admin/orders?sort=password')).status).toBe(400);
  });

  test('hostile input to the order and membership endpoints is a 4xx in the error format, never a 500', async () => {
    const contracts = [adminOrderListContract, adminOrderContract, adminOrderUpdateContract, adminOrderRefundContract, adminMembershipListContract, adminMembershipVisitsContract];
    const anOrder = (await db.selectFrom('orders').select('public_id').executeTakeFirstOrThrow()).public_id;
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...contracts),
      fc.dictionary(fc.constantFrom('page', 'pageSize', 'status', 'q', 'sort', 'dir', 'action', 'change', 'note', 'x'), fc.oneof(fc.string({ maxLength: 200 }), fc.integer(), fc.constant(null), fc.anything())),
      fc.constantFrom(anOrder, 'x', '%00', 'a'.repeat(70), 'a.b'),
      async (contract, input, id) => expectHostileAdminCallRefused(origin, ownerCookie, contract, input, encodeURIComponent(id)),
    ), { numRuns: 60 });
  }, 120_000);
});
