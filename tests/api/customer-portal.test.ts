/**
 * The customer portal's endpoints over real HTTP on PGlite and PostgreSQL: asking for a sign-in code
 * answers the same for known and unknown emails (and mails only the known one); a wrong code is a
 * 4xx and sign-in attempts are rate limited; signed out, every portal endpoint is a 401; a customer
 * session never opens /api/admin and a staff session never opens the portal; several records with
 * one email are chosen between, and never a record with another email; every portal endpoint,
 * walked with a second customer's ids, answers only with the signed-in customer's records and
 * changes nothing of the other's (another customer's address id is the same 404 as a missing one);
 * a customer corrects and removes their own addresses, never one an active membership covers;
 * hostile input is a 4xx, never a 500.
 */
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  portalAddressAddContract, portalAddressRemoveContract, portalAddressUpdateContract, portalChooseAccountContract, portalContracts, portalOverviewContract, portalProfileContract, portalSessionContract,
  type PortalOverview,
} from '../../src/lib/api/portal.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { seedProducts } from '../../src/server/repositories/product.repository';
import { usMobileE164 } from '../../src/lib/sms/program';
import { recordSmsEvent } from '../../src/server/repositories/sms.repository';
import { reviewPromptDays } from '../../src/server/services/customer-portal';
import { newPublicId } from '../../src/server/services/public-id';
import { scheduleReviewRequest } from '../../src/server/services/review-requests';
import { congress, lakeHouse, orderBody, postCheckout } from '../support/checkout-requests';
import { customerSignIn } from '../support/customer-sign-in';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const clerk = 'portal.staff@example.com';
const alice = 'alice.portal@example.com';
const bob = 'bob.portal@example.com';
const carol = 'carol.portal@example.com';

describe.each(testDatabaseKinds)('/api/portal on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let mailDir: string;
  let staffCookie: string;
  let aliceCookie: string;
  const savedEnv = { ...process.env };

  const call = (cookie: string, method: string, p: string, body?: unknown) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });
  const ok = async <T>(response: Response, schema: { parse: (v: unknown) => T }): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return schema.parse(JSON.parse(text));
  };
  const expectRefused = async (response: Response, statuses: number[]) => {
    const text = await response.text();
    expect(statuses, text).toContain(response.status);
    expect(JSON.parse(text).error).toMatch(errorFormat);
  };
  const customerOf = async (email: string) => db.selectFrom('customers').selectAll().where('email', '=', email).orderBy('id').execute();

  /** A membership bought in the store and marked paid by staff (the no-Stripe path). */
  async function buyMembership(name: string, email: string, phone: string, address: Record<string, string>) {
    const response = await postCheckout(origin, orderBody({ name, email, phone, items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: address }] }));
    const answer = (await response.json()) as { orderNumber: string };
    expect(response.status, JSON.stringify(answer)).toBe(200);
    const { public_id } = await db.selectFrom('orders').select('public_id').where('order_number', '=', answer.orderNumber).executeTakeFirstOrThrow();
    expect((await call(staffCookie, 'PATCH', `/api/admin/orders/${public_id}`, { action: 'mark-paid', note: 'Card taken by phone.' })).status).toBe(200);
    return answer.orderNumber;
  }

  /** Each fixture visit was this long ago: outside the portal's review prompt, whatever day the suite runs. */
  const oldVisitAt = new Date(Date.now() - (reviewPromptDays + 30) * 86_400_000);

  async function addJobAndBooking(email: string, service: string) {
    const [customer] = await customerOf(email);
    const address = await db.selectFrom('service_addresses').select('id').where('customer_id', '=', customer!.id).executeTakeFirstOrThrow();
    await db.insertInto('jobs').values({
      public_id: newPublicId(), customer_id: customer!.id, service_address_id: address.id, service, completed_at: oldVisitAt,
      invoice_total_cents: 25000, paid_at: null, source: 'admin', external_id: null, payload_hash: null, notes: 'internal note',
    }).execute();
    await db.insertInto('leads').values({
      reference: `EPS-${newPublicId().slice(0, 6).toUpperCase()}`, kind: 'booking', spam_reason: null, name: customer!.name, phone: '5125550100', email, service: 'drain',
      location: null, urgency: null, message: null, page_context: 'test', zip: '78701', preferred_date: '2026-12-01', arrival_window: 'morning', office_id: 'austin',
      idempotency_key: null, request_hash: newPublicId(), client_hash: null, form_elapsed_ms: null, staff_notes: null, status_changed_at: null, status_changed_by: null, customer_id: customer!.id,
    }).execute();
  }

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
    process.env.RATE_LIMIT_DISABLED = '1';
    delete process.env.SMTP_URL;
    db = createDb(site.site.database.env);
    await seedProducts(db);
    await upsertStaff(db, { email: clerk, role: 'staff', addedBy: 'test' });
    staffCookie = await staffSignIn(origin, mailDir).signIn(clerk);
    await buyMembership('Alice Portal', alice, '(512) 555-0101', congress);
    await buyMembership('Bob Other', bob, '(830) 555-0102', lakeHouse);
    await addJobAndBooking(alice, 'Kitchen drain cleared');
    await addJobAndBooking(bob, 'Bob water heater flush');
    // Carol has two records with one email (a home and a rental), and one merged away.
    for (const name of ['Carol Home', 'Carol Rental', 'Carol Merged']) {
      await db.insertInto('customers').values({ public_id: newPublicId(), name, email: carol, phone: null, phone_digits: null, company: null, property_type: null }).execute();
    }
    const [home, , merged] = await customerOf(carol);
    await db.updateTable('customers').set({ merged_into_id: home!.id, merged_at: new Date() }).where('id', '=', merged!.id).execute();
    aliceCookie = await customerSignIn(origin, mailDir).signIn(alice);
  }, 180_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  test('asking for a code answers the same for a known and an unknown email, and mails only the known one', async () => {
    const { post, mailsTo } = customerSignIn(origin, mailDir);
    const stranger = 'nobody.known@example.com';
    const known = await post('/api/portal/auth/email-otp/send-verification-otp', { email: bob, type: 'sign-in' });
    const unknown = await post('/api/portal/auth/email-otp/send-verification-otp', { email: stranger, type: 'sign-in' });
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect(unknown.headers.getSetCookie()).toEqual(known.headers.getSetCookie());
    await new Promise((r) => setTimeout(r, 300));
    expect((await mailsTo(bob)).length).toBeGreaterThan(0);
    expect(await mailsTo(stranger)).toEqual([]);
    // A staff member who is not a customer is not a portal user either.
    await post('/api/portal/auth/email-otp/send-verification-otp', { email: clerk, type: 'sign-in' });
    const staffMails = (await mailsTo(clerk)).filter((m) => m.includes('/customer-portal'));
    expect(staffMails).toEqual([]);
    // Guessing a code for an unknown email creates nothing and sets no cookie.
    const guess = await post('/api/portal/auth/sign-in/email-otp', { email: stranger, otp: '123456' });
    expect(guess.status).toBeGreaterThanOrEqual(400);
    expect(guess.status).toBeLessThan(500);
    expect(guess.headers.getSetCookie().filter((c) => c.startsWith('eps.portal_session=') && !/Max-Age=0/.test(c))).toEqual([]);
    expect(await db.selectFrom('portal_users').select('id').where('email', '=', stranger).execute()).toEqual([]);
  });

  test('the email links to the portal with the code filled in; a wrong code is a 4xx without a session', async () => {
    const { post, codeFor, mailsTo } = customerSignIn(origin, mailDir);
    const code = await codeFor(bob);
    const mail = (await mailsTo(bob)).at(-1)!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(mail).toContain(`/customer-portal?email=${encodeURIComponent(bob)}&code=${code}`);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await post('/api/portal/auth/sign-in/email-otp', { email: bob, otp: wrong });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.headers.getSetCookie().filter((c) => c.startsWith('eps.portal_session=') && !/Max-Age=0/.test(c))).toEqual([]);
  });

  test('sign-in attempts are rate limited in the database', async () => {
    delete process.env.RATE_LIMIT_DISABLED;
    try {
      const { post } = customerSignIn(origin, mailDir);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await post('/api/portal/auth/sign-in/email-otp', { email: 'guess@example.com', otp: String(100000 + i) })).status);
      expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      process.env.RATE_LIMIT_DISABLED = '1';
    }
  });

  test.each(portalContracts.map((c) => [`${c.method} ${c.path}`, c] as const))('%s answers 401 without a portal session, and to a staff session', async (_name, contract) => {
    for (const cookie of ['', staffCookie, 'eps.portal_session=forged.value']) {
      const response = await call(cookie, contract.method, contract.path.replace(':id', '1'), contract.method === 'GET' ? undefined : {});
      expect(response.status).toBe(401);
      expect((await response.json()).error).toMatch(errorFormat);
    }
  });

  test('/api/portal/signed-in says whether there is a portal session, as a 200 either way and never who', async () => {
    for (const cookie of ['', staffCookie, 'eps.portal_session=forged.value']) {
      const response = await call(cookie, 'GET', '/api/portal/signed-in');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ signedIn: false });
    }
    const mine = await call(aliceCookie, 'GET', '/api/portal/signed-in');
    expect(await mine.json()).toEqual({ signedIn: true });
    expect(mine.headers.get('cache-control') ?? '').not.toMatch(/max-age=[1-9]|public/);
  });

  test('a recent visit with a review request links to its own review page, then says thank you once the review is in', async () => {
    const [record] = await customerOf(alice);
    const job = await db.insertInto('jobs').values({
      public_id: newPublicId(), customer_id: record!.id, service_address_id: null, service: 'Toilet flapper replaced', completed_at: new Date(Date.now() - 3_600_000),
      invoice_total_cents: 18000, paid_at: null, source: 'admin', external_id: null, payload_hash: null, notes: null,
    }).returningAll().executeTakeFirstOrThrow();
    const request = (await scheduleReviewRequest(db, job))!;
    expect(request).toBeDefined();
    const visitOf = (overview: PortalOverview) => overview.visits.find((v) => v.service === 'Toilet flapper replaced');
    const before = await ok(await call(aliceCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response);
    expect(visitOf(before)?.review).toEqual({ state: 'invited', url: `/leave-review/${request.token}` });
    // Nobody else's overview carries the link.
    const bobCookie = await customerSignIn(origin, mailDir).signIn(bob);
    const bobs = await ok(await call(bobCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response);
    expect(JSON.stringify(bobs)).not.toContain(request.token);
    // Each customer's own email preferences page, never another's.
    expect(before.emailPreferencesUrl).toMatch(/^\/email-preferences\/[A-Za-z0-9_-]{43}$/);
    expect(bobs.emailPreferencesUrl).toMatch(/^\/email-preferences\/[A-Za-z0-9_-]{43}$/);
    expect(bobs.emailPreferencesUrl).not.toBe(before.emailPreferencesUrl);
    // Text messages: the account's mobile number and whether it signed up; a STOP shows as stopped.
    expect(before.texts).toMatchObject({ standing: 'none' });
    const mobile = usMobileE164(before.texts!.phone)!;
    await recordSmsEvent(db, { phone: mobile, event: 'opt_in', via: 'web-form', at: new Date() });
    expect((await ok(await call(aliceCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response)).texts?.standing).toBe('opted-in');
    await recordSmsEvent(db, { phone: mobile, event: 'opt_out', via: 'keyword', at: new Date() });
    expect((await ok(await call(aliceCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response)).texts?.standing).toBe('opted-out');
    await db.updateTable('review_requests').set({ status: 'reviewed', stop_reason: 'review', next_send_at: null }).where('id', '=', request.id).execute();
    const after = await ok(await call(aliceCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response);
    expect(visitOf(after)?.review).toEqual({ state: 'reviewed' });
    await db.deleteFrom('review_requests').where('id', '=', request.id).execute();
    await db.deleteFrom('jobs').where('id', '=', job.id).execute();
  });

  test('a customer session never opens a staff endpoint', async () => {
    for (const p of ['/api/admin/session', '/api/admin/customers', '/api/admin/orders']) {
      expect((await call(aliceCookie, 'GET', p)).status).toBe(401);
    }
  });

  test('the signed-in customer sees their own membership, order, visit, booking and addresses', async () => {
    const session = await ok(await call(aliceCookie, 'GET', '/api/portal/session'), portalSessionContract.response);
    const [record] = await customerOf(alice);
    expect(session).toEqual({ email: alice, accounts: [{ publicId: record!.public_id, name: 'Alice Portal', place: null }], chosen: record!.public_id });
    const overview = await ok(await call(aliceCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response);
    expect(overview.profile).toMatchObject({ name: 'Alice Portal', email: alice });
    expect(overview.memberships).toHaveLength(1);
    expect(overview.memberships[0]).toMatchObject({ plan: expect.stringContaining('Silver VIP'), status: 'active', visitsUsed: 0, address: expect.stringContaining(congress.line1) });
    expect(overview.memberships[0]!.renewUrl).toMatch(/^\/store\/checkout\/silver-vip-tank\?renew=[\w-]+$/);
    // Their referral code and link (made on first sight, the same ever after), with no referrals or credit yet.
    expect(overview.referral).toMatchObject({ referrals: [], credits: [], availableCents: 0 });
    expect(overview.referral.link).toBe(`${new URL(origin).origin}/ref/${overview.referral.code}`);
    const again = await ok(await call(aliceCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response);
    expect(again.referral.code).toBe(overview.referral.code);
    expect(overview.orders).toHaveLength(1);
    expect(overview.orders[0]).toMatchObject({ status: 'paid', totalCents: 13925 });
    // A visit older than reviewPromptDays asks for no review.
    expect(overview.visits).toEqual([{ completedAt: oldVisitAt.toISOString(), service: 'Kitchen drain cleared', address: expect.stringContaining(congress.line1), totalCents: 25000, review: null }]);
    // A recent one with no request sent asks for a review on the open form.
    const recent = await db.insertInto('jobs').values({
      public_id: newPublicId(), customer_id: record!.id, service_address_id: null, service: 'Faucet cartridge replaced', completed_at: new Date(Date.now() - 2 * 86_400_000),
      invoice_total_cents: 9000, paid_at: null, source: 'admin', external_id: null, payload_hash: null, notes: null,
    }).returning('id').executeTakeFirstOrThrow();
    const withRecent = await ok(await call(aliceCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response);
    expect(withRecent.visits.find((v) => v.service === 'Faucet cartridge replaced')?.review).toEqual({ state: 'invited', url: '/leave-review' });
    await db.deleteFrom('jobs').where('id', '=', recent.id).execute();
    expect(overview.bookings).toEqual([expect.objectContaining({ service: 'Drain cleaning or clog', status: 'received', preferredDate: '2026-12-01' })]);
    expect(JSON.stringify(overview)).not.toMatch(/Bob|Lakeshore|internal note/);
  });

  test('every portal endpoint walked with a second customer\'s ids answers only for the signed-in customer and changes nothing of theirs', async () => {
    const [bobRecord] = await customerOf(bob);
    const bobIds = {
      customer: bobRecord!.public_id,
      address: String((await db.selectFrom('service_addresses').select('id').where('customer_id', '=', bobRecord!.id).executeTakeFirstOrThrow()).id),
      membership: (await db.selectFrom('memberships').select('public_id').where('customer_id', '=', bobRecord!.id).executeTakeFirstOrThrow()).public_id,
      order: (await db.selectFrom('orders').select('public_id').where('customer_id', '=', bobRecord!.id).executeTakeFirstOrThrow()).public_id,
      job: (await db.selectFrom('jobs').select('public_id').where('customer_id', '=', bobRecord!.id).executeTakeFirstOrThrow()).public_id,
    };
    const bobState = async () => ({
      customer: await db.selectFrom('customers').selectAll().where('id', '=', bobRecord!.id).executeTakeFirst(),
      addresses: await db.selectFrom('service_addresses').selectAll().where('customer_id', '=', bobRecord!.id).execute(),
      memberships: await db.selectFrom('memberships').selectAll().where('customer_id', '=', bobRecord!.id).execute(),
      orders: await db.selectFrom('orders').selectAll().where('customer_id', '=', bobRecord!.id).execute(),
      jobs: await db.selectFrom('jobs').selectAll().where('customer_id', '=', bobRecord!.id).execute(),
    });
    const before = await bobState();

    for (const id of Object.values(bobIds)) {
      // Choosing another person's record (any of their ids) as the account: not found.
      await expectRefused(await call(aliceCookie, 'PUT', '/api/portal/session', { account: id }), [400, 404]);
      // Reads take no ids: a stray one in the query is ignored and the answer is Alice's own.
      for (const key of ['customer', 'customerId', 'id', 'account', 'order', 'membership', 'job', 'address']) {
        const overview = await call(aliceCookie, 'GET', `/api/portal/overview?${key}=${encodeURIComponent(id)}`);
        const text = await overview.text();
        expect(overview.status).toBe(200);
        expect(text).not.toMatch(/Bob|Lakeshore/);
        const session = await call(aliceCookie, 'GET', `/api/portal/session?${key}=${encodeURIComponent(id)}`);
        expect(await session.text()).not.toContain(bobRecord!.public_id);
      }
      // Writes refuse any id field (strict bodies): 400, nothing changed.
      for (const key of ['customerId', 'customer', 'id', 'addressId', 'membershipId', 'orderId', 'jobId']) {
        await expectRefused(await call(aliceCookie, 'PATCH', '/api/portal/profile', { name: 'Hijacked', phone: '', [key]: id }), [400, 403, 404]);
        await expectRefused(await call(aliceCookie, 'POST', '/api/portal/addresses', { line1: '1 Hijack Way', line2: '', city: 'Austin', state: 'TX', zip: '78701', [key]: id }), [400, 403, 404]);
        await expectRefused(await call(aliceCookie, 'PATCH', `/api/portal/addresses/${encodeURIComponent(id)}`, { line1: '1 Hijack Way', line2: '', city: 'Austin', state: 'TX', zip: '78701', [key]: id }), [400, 403, 404]);
      }
      // Any of Bob's ids in an address path: a public id is no address id (400), his address id is not found.
      await expectRefused(await call(aliceCookie, 'PATCH', `/api/portal/addresses/${encodeURIComponent(id)}`, { line1: '1 Hijack Way', city: 'Austin', state: 'TX', zip: '78701' }), [400, 404]);
      await expectRefused(await call(aliceCookie, 'DELETE', `/api/portal/addresses/${encodeURIComponent(id)}`), [400, 404]);
    }
    // Bob's address id gets exactly the answer of an address that does not exist: nothing tells them apart.
    const missing = String(2_147_483_647);
    for (const [method, body] of [['PATCH', { line1: '1 Hijack Way', city: 'Austin', state: 'TX', zip: '78701' }], ['DELETE', undefined]] as const) {
      const theirs = await call(aliceCookie, method, `/api/portal/addresses/${bobIds.address}`, body);
      const none = await call(aliceCookie, method, `/api/portal/addresses/${missing}`, body);
      expect(theirs.status).toBe(404);
      expect(none.status).toBe(404);
      expect(await theirs.text()).toBe(await none.text());
    }
    expect(await bobState()).toEqual(before);
    const [aliceRecord] = await customerOf(alice);
    expect(aliceRecord!.name).toBe('Alice Portal');
  });

  test('the customer changes their own name and phone and adds an address, audited; the email stays with the office', async () => {
    const profile = await ok(await call(aliceCookie, 'PATCH', '/api/portal/profile', { name: 'Alice P. Portal', phone: '(512) 555-0199' }), portalProfileContract.response);
    expect(profile).toEqual({ name: 'Alice P. Portal', email: alice, phone: '(512) 555-0199' });
    await expectRefused(await call(aliceCookie, 'PATCH', '/api/portal/profile', { name: 'Alice', phone: '', email: 'new@example.com' }), [400]);
    await expectRefused(await call(aliceCookie, 'PATCH', '/api/portal/profile', { name: '', phone: 'call me' }), [400]);
    const added = await ok(await call(aliceCookie, 'POST', '/api/portal/addresses', lakeHouse), portalAddressAddContract.response);
    expect(added.addresses.map((a) => a.line1)).toEqual([congress.line1, lakeHouse.line1]);
    await expectRefused(await call(aliceCookie, 'POST', '/api/portal/addresses', lakeHouse), [409]);
    const [record] = await customerOf(alice);
    expect(record).toMatchObject({ name: 'Alice P. Portal', phone_digits: '5125550199', email: alice });
    const audit = await db.selectFrom('audit_log').select(['actor_email', 'action']).where('entity_id', '=', record!.public_id).orderBy('id').execute();
    expect(audit).toEqual(expect.arrayContaining([{ actor_email: `customer:${alice}`, action: 'customer.portal.profile' }, { actor_email: `customer:${alice}`, action: 'customer.address.add' }]));
  });

  test('the customer corrects and removes their own addresses; one an active membership covers stays, and says why', async () => {
    const [record] = await customerOf(alice);
    const overviewAddresses = async () => (await ok(await call(aliceCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response)).addresses;
    const rowOf = (id: number) => db.selectFrom('service_addresses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const start = await overviewAddresses();
    const home = start.find((a) => a.line1 === congress.line1)!;
    const lake = start.find((a) => a.line1 === lakeHouse.line1)!;
    expect(home.membership).toMatch(/Silver VIP/);
    expect(lake.membership).toBeNull();

    // The membership's address: not removed, not moved to another place; its spelling can be corrected.
    const refusedRemove = await call(aliceCookie, 'DELETE', `/api/portal/addresses/${home.id}`);
    expect(refusedRemove.status).toBe(409);
    expect((await refusedRemove.json()).error).toMatch(/Your Silver VIP Membership \(Tank Water Heater\) covers 100 Congress Avenue, Suite 4, Austin, TX 78701 until .*, so this address cannot be removed while the membership lasts/);
    const refusedMove = await call(aliceCookie, 'PATCH', `/api/portal/addresses/${home.id}`, { line1: '200 Elsewhere St', city: 'Austin', state: 'TX', zip: '78702' });
    expect(refusedMove.status).toBe(409);
    expect((await refusedMove.json()).error).toMatch(/covers 100 Congress Avenue.* cannot be changed to another place here/);
    const respelled = await ok(await call(aliceCookie, 'PATCH', `/api/portal/addresses/${home.id}`, { ...congress, line1: '100 Congress Ave.', line2: 'Ste 4' }), portalAddressUpdateContract.response);
    expect(respelled.addresses.find((a) => a.id === home.id)).toMatchObject({ line1: '100 Congress Ave.', line2: 'Ste 4', membership: home.membership });
    expect((await db.selectFrom('memberships').select('service_address_id').where('customer_id', '=', record!.id).executeTakeFirstOrThrow()).service_address_id).toBe(home.id);

    // An address nothing names yet is corrected where it is; onto another of their addresses is a 409.
    const moved = await ok(await call(aliceCookie, 'PATCH', `/api/portal/addresses/${lake.id}`, { line1: '14 Lakeshore Drive', line2: '', city: 'Marble Falls', state: 'tx', zip: '78654' }), portalAddressUpdateContract.response);
    expect(moved.addresses.map((a) => [a.id, a.line1, a.state])).toEqual([[home.id, '100 Congress Ave.', 'TX'], [lake.id, '14 Lakeshore Drive', 'TX']]);
    const clash = await call(aliceCookie, 'PATCH', `/api/portal/addresses/${lake.id}`, congress);
    expect(clash.status).toBe(409);
    expect((await clash.json()).fields).toEqual({ line1: 'This address is already on your account.' });
    const invalid = await call(aliceCookie, 'PATCH', `/api/portal/addresses/${lake.id}`, { line1: '', city: 'Austin', state: 'Texas', zip: '7870' });
    expect(invalid.status).toBe(400);
    expect(Object.keys((await invalid.json()).fields ?? {}).sort()).toEqual(['line1', 'state', 'zip']);

    // Removed: gone from the list, a second removal or a change is a 404, and adding it again brings the same row back.
    const removed = await ok(await call(aliceCookie, 'DELETE', `/api/portal/addresses/${lake.id}`), portalAddressRemoveContract.response);
    expect(removed.addresses.map((a) => a.id)).toEqual([home.id]);
    expect((await rowOf(lake.id)).removed_at).not.toBeNull();
    await expectRefused(await call(aliceCookie, 'DELETE', `/api/portal/addresses/${lake.id}`), [404]);
    await expectRefused(await call(aliceCookie, 'PATCH', `/api/portal/addresses/${lake.id}`, lakeHouse), [404]);
    const back = await ok(await call(aliceCookie, 'POST', '/api/portal/addresses', { line1: '14 Lakeshore Dr', city: 'Marble Falls', state: 'TX', zip: '78654' }), portalAddressAddContract.response);
    expect(back.addresses.map((a) => a.id)).toEqual([home.id, lake.id]);

    // With a past visit there, another place is a new address: the visit keeps naming where it was.
    const job = await db.insertInto('jobs').values({
      public_id: newPublicId(), customer_id: record!.id, service_address_id: lake.id, service: 'Lake house water softener', completed_at: oldVisitAt,
      invoice_total_cents: 40000, paid_at: null, source: 'admin', external_id: null, payload_hash: null, notes: null,
    }).returning('id').executeTakeFirstOrThrow();
    const replaced = await ok(await call(aliceCookie, 'PATCH', `/api/portal/addresses/${lake.id}`, { line1: '9 Hilltop Road', city: 'Burnet', state: 'TX', zip: '78611' }), portalAddressUpdateContract.response);
    const hilltop = replaced.addresses.find((a) => a.line1 === '9 Hilltop Road')!;
    expect(hilltop.id).not.toBe(lake.id);
    expect(replaced.addresses.map((a) => a.id)).toEqual([home.id, hilltop.id]);
    const visits = (await ok(await call(aliceCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response)).visits;
    expect(visits.find((v) => v.service === 'Lake house water softener')?.address).toContain('14 Lakeshore Drive');
    await db.deleteFrom('jobs').where('id', '=', job.id).execute();
    await ok(await call(aliceCookie, 'DELETE', `/api/portal/addresses/${hilltop.id}`), portalAddressRemoveContract.response);

    const audit = await db.selectFrom('audit_log').select('action').where('entity_id', '=', record!.public_id).where('actor_email', '=', `customer:${alice}`).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['customer.address.update', 'customer.address.remove']));
  });

  test('several records with one email: the person chooses one of them, never a merged one or another email\'s', async () => {
    const carolCookie = await customerSignIn(origin, mailDir).signIn(carol);
    const session = await ok(await call(carolCookie, 'GET', '/api/portal/session'), portalSessionContract.response);
    expect(session.chosen).toBeNull();
    expect(session.accounts.map((a) => a.name)).toEqual(['Carol Home', 'Carol Rental']);
    await expectRefused(await call(carolCookie, 'GET', '/api/portal/overview'), [409]);
    await expectRefused(await call(carolCookie, 'PATCH', '/api/portal/profile', { name: 'Carol', phone: '' }), [409]);
    const [, , merged] = await customerOf(carol);
    const [aliceRecord] = await customerOf(alice);
    for (const other of [merged!.public_id, aliceRecord!.public_id, newPublicId()]) await expectRefused(await call(carolCookie, 'PUT', '/api/portal/session', { account: other }), [404]);
    const chosen = await ok(await call(carolCookie, 'PUT', '/api/portal/session', { account: session.accounts[1]!.publicId }), portalChooseAccountContract.response);
    expect(chosen.chosen).toBe(session.accounts[1]!.publicId);
    const overview = await ok(await call(carolCookie, 'GET', '/api/portal/overview'), portalOverviewContract.response);
    expect(overview.profile.name).toBe('Carol Rental');
  });

  test('signing out ends the session', async () => {
    const cookie = await customerSignIn(origin, mailDir).signIn(bob);
    expect((await call(cookie, 'GET', '/api/portal/overview')).status).toBe(200);
    expect((await call(cookie, 'POST', '/api/portal/auth/sign-out', {})).status).toBe(200);
    expect((await call(cookie, 'GET', '/api/portal/overview')).status).toBe(401);
  });

  test('a session ends when the office moves its email to another address or merges the record away', async () => {
    const dave = 'dave.portal@example.com';
    const [record] = await db.insertInto('customers').values({ public_id: newPublicId(), name: 'Dave Moves', email: dave, phone: null, phone_digits: null, company: null, property_type: null }).returningAll().execute();
    const cookie = await customerSignIn(origin, mailDir).signIn(dave);
    expect((await call(cookie, 'GET', '/api/portal/overview')).status).toBe(200);
    await db.updateTable('customers').set({ email: 'dave.new@example.com' }).where('id', '=', record!.id).execute();
    await expectRefused(await call(cookie, 'GET', '/api/portal/overview'), [401]);
    await db.updateTable('customers').set({ email: dave }).where('id', '=', record!.id).execute();
    const again = await customerSignIn(origin, mailDir).signIn(dave);
    const [keeper] = await customerOf(alice);
    await db.updateTable('customers').set({ merged_into_id: keeper!.id, merged_at: new Date() }).where('id', '=', record!.id).execute();
    await expectRefused(await call(again, 'GET', '/api/portal/session'), [401]);
  });

  test('hostile input on every portal endpoint gets a 4xx with a sentence, never a 500, and changes nothing', async () => {
    const snapshot = async () => ({
      customers: await db.selectFrom('customers').selectAll().orderBy('id').execute(),
      addresses: await db.selectFrom('service_addresses').selectAll().orderBy('id').execute(),
    });
    const before = await snapshot();
    const aliceId = (await customerOf(alice))[0]!.id;
    const ownIds = before.addresses.filter((a) => a.customer_id === aliceId).map((a) => a.id);
    const bobAddressId = String(before.addresses.find((a) => a.customer_id === (before.customers.find((c) => c.email === bob)!.id))!.id);
    const hostileValue = fc.oneof(
      fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant('\u0000'), fc.constant("' or 1=1 --"), fc.constant('-5'),
      fc.array(fc.string({ maxLength: 50 }), { maxLength: 5 }), fc.object({ maxDepth: 2 }), fc.constant('x'.repeat(5000)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...portalContracts),
        fc.dictionary(fc.constantFrom('name', 'phone', 'email', 'account', 'line1', 'line2', 'city', 'state', 'zip', 'customerId', '__proto__'), hostileValue, { maxKeys: 5 }),
        // An address path carries a hostile id, or another customer's, or one that is not there; never the customer's own.
        fc.oneof(fc.string({ maxLength: 40 }).filter((id) => !ownIds.includes(Number(id))), fc.constantFrom('0', '-1', '1.5', '99999999999', "1' or '1'='1", '%00', bobAddressId, '2147483647')),
        (contract, input, id) => expectHostileAdminCallRefused(origin, aliceCookie, contract, input, encodeURIComponent(id)),
      ),
      { numRuns: 80 },
    );
    const ownAddress = before.addresses.find((a) => a.customer_id === aliceId && a.removed_at === null)!.id;
    for (const raw of ['not json', '{"name":', '[]', 'null', '"x"']) {
      for (const contract of portalContracts.filter((c) => 'request' in c)) {
        const response = await fetch(`${origin}${contract.path.replace(':id', String(ownAddress))}`, { method: contract.method, headers: { 'Content-Type': 'application/json', Cookie: aliceCookie, Origin: origin }, body: raw });
        expect(response.status, `${contract.method} ${contract.path} ${raw}`).toBe(400);
      }
    }
    for (const method of ['PATCH', 'DELETE']) {
      const foreignOrigin = await fetch(`${origin}/api/portal/addresses/${ownAddress}`, { method, headers: { 'Content-Type': 'application/json', Cookie: aliceCookie, Origin: 'https://evil.example' }, body: JSON.stringify(lakeHouse) });
      expect(foreignOrigin.status, method).toBe(403);
    }
    const foreign = await fetch(`${origin}/api/portal/profile`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Cookie: aliceCookie, Origin: 'https://evil.example' }, body: JSON.stringify({ name: 'Evil', phone: '' }) });
    expect(foreign.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
