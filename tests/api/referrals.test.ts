/**
 * The referral program over real HTTP on PGlite and PostgreSQL: /ref/{code} records one click per
 * visit, sets the 30-day cookie and redirects to /referral-offer (an unknown or hostile code too,
 * never an error page); /referred-by/{public id} lands the same way; the offer form stores a lead
 * (staff notified) and the referral; /refer-a-friend matches the referrer by email; self-referral,
 * an existing customer, the same friend twice, a disposable email and a burst are flagged, not
 * refused; a paid $250 job (the jobs webhook) credits the referrer once even when replayed and emails
 * them, a $150 one does not; a flagged referral waits for staff; a friend's paid job at one of the
 * referrer's own addresses is flagged as a self-referral then; staff endpoints are staff-only;
 * hostile input is a 4xx, never a 500.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { adminReferralCreditUseContract, adminReferralLedgerContract, adminReferralListContract, adminReferralReviewContract } from '../../src/lib/api/admin/referrals.contract';
import { referAFriendContract, referralOfferContract, referralOfferLookupContract } from '../../src/lib/api/referrals.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { addressKey } from '../../src/lib/store/address-key';
import { insertCustomer, upsertServiceAddress } from '../../src/server/repositories/customer.repository';
import { newPublicId } from '../../src/server/services/public-id';
import { ensureReferralCode } from '../../src/server/services/referral-codes';
import { customerReferralSummary } from '../../src/server/services/referral-summary';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const secret = 'test-jobs-webhook-secret-0123456789';
const clerk = 'referrals.staff@example.com';

describe.each(testDatabaseKinds)('the referral program on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let cookie: string;
  let mailDir: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
    process.env.RATE_LIMIT_DISABLED = '1';
    process.env.JOBS_WEBHOOK_SECRET = secret;
    delete process.env.SMTP_URL;
    db = createDb(site.site.database.env);
    await upsertStaff(db, { email: clerk, role: 'staff', addedBy: 'test' });
    cookie = await staffSignIn(origin, mailDir).signIn(clerk);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });
  // Every request comes from 127.0.0.1: forget earlier referrals' client so only the burst test sees one.
  beforeEach(async () => {
    await db.updateTable('referrals').set({ client_hash: null }).execute();
  });

  let serial = 0;
  const customer = async (name: string, email: string | null, phone: string | null) => {
    serial++;
    return insertCustomer(db, { public_id: newPublicId(), name, email, phone, phone_digits: phone ? phone.replace(/\D/g, '').slice(-10) : null, company: null, property_type: null });
  };
  const form = (overrides: Record<string, unknown> = {}) => ({ name: 'Jordan Friend', phone: `512-555-${String(2000 + serial).padStart(4, '0')}`, email: `friend${serial}@example.com`, consent: true, formStartTime: Date.now() - 10_000, ...overrides });
  const post = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const admin = (method: string, p: string, body?: unknown, who = cookie, from = origin) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: who, Origin: from }, body: body === undefined ? undefined : JSON.stringify(body) });
  const expectRefused = async (response: Response, status: number, pattern?: RegExp) => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    const body = JSON.parse(text) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
  };
  const referralOfLead = async (reference: string) =>
    db.selectFrom('referrals').innerJoin('leads', 'leads.id', 'referrals.lead_id').selectAll('referrals').where('leads.reference', '=', reference).executeTakeFirst();
  const offer = async (code: string, overrides: Record<string, unknown> = {}, { keepClient = false } = {}) => {
    if (!keepClient) await db.updateTable('referrals').set({ client_hash: null }).execute();
    const response = await post('/api/referral-offer', form({ code, ...overrides }));
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const { reference } = referralOfferContract.response.parse(JSON.parse(text));
    return { reference, referral: await referralOfLead(reference) };
  };
  const job = (externalId: string, friend: { name: string; email: string | null; phone: string }, totalCents: number, paid = true) => JSON.stringify({
    external_id: externalId, customer: { name: friend.name, email: friend.email, phone: friend.phone },
    service_address: { line1: `${100 + serial} Oak St`, city: 'Austin', state: 'TX', zip: '78704' }, service: 'Water heater repair',
    completed_at: '2026-11-20', invoice_total_cents: totalCents, paid_at: paid ? '2026-11-21T15:30:00-06:00' : null, notes: null,
  });
  const postJob = async (body: string) => {
    const response = await fetch(`${origin}/api/webhooks/jobs`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` }, body });
    expect(response.status, await response.clone().text()).toBe(200);
    return response;
  };
  const creditsOf = async (customerId: number) => db.selectFrom('referral_credits').selectAll().where('customer_id', '=', customerId).execute();

  test('/ref/{code} records one click per visit, sets the 30-day cookie and redirects to the offer; the offer page gets the first name only', async () => {
    const referrer = await customer('Alexandra Q. Referrer', 'alex.referrer@example.com', '512-555-0100');
    const { code, id: codeId } = await ensureReferralCode(db, referrer.id);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    const first = await fetch(`${origin}/ref/${code}`, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(`/referral-offer?code=${code}`);
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^eps_referral=${code};`));
    expect(setCookie).toMatch(/Max-Age=2592000/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    // The same visitor again (and lower case, with a dash) is the same visit.
    const again = await fetch(`${origin}/ref/${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`, { redirect: 'manual' });
    expect(again.headers.get('location')).toBe(`/referral-offer?code=${code}`);
    const clicks = await db.selectFrom('referral_clicks').selectAll().where('code_id', '=', codeId).execute();
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.client_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(clicks[0]!.landing).toBe('ref');
    // A HEAD (a link preview) records nothing.
    await fetch(`${origin}/ref/${code}`, { method: 'HEAD', redirect: 'manual' });
    expect(await db.selectFrom('referral_clicks').selectAll().where('code_id', '=', codeId).execute()).toHaveLength(1);

    const lookup = await fetch(`${origin}/api/referral-offer?code=${code}`);
    expect(lookup.status).toBe(200);
    expect(referralOfferLookupContract.response.parse(await lookup.json())).toEqual({ firstName: 'Alexandra' });
  });

  test('an unknown, malformed or hostile code still lands on the offer page without a name, never an error page', async () => {
    // (Broken percent-encoding never reaches a function: the server, like Netlify's edge, answers 400.)
    for (const bad of ['ZZZZZZZZ', 'abc', '%00', '..%2F..%2Fetc', `${'A'.repeat(90)}`, "x'%20or%201=1--", '<script>']) {
      const response = await fetch(`${origin}/ref/${bad}`, { redirect: 'manual' });
      expect(response.status, bad).toBe(302);
      expect(response.headers.get('location'), bad).toBe('/referral-offer');
      expect(response.headers.get('set-cookie'), bad).toBeNull();
    }
    for (const bad of ['42', '1', 'not-a-real-public-id-0123456789']) {
      const response = await fetch(`${origin}/referred-by/${bad}`, { redirect: 'manual' });
      expect(response.status, bad).toBe(302);
      expect(response.headers.get('location'), bad).toBe('/referral-offer');
    }
    expect(await (await fetch(`${origin}/api/referral-offer?code=ZZZZZZZZ`)).json()).toEqual({ firstName: null });
    await expectRefused(await fetch(`${origin}/api/referral-offer?code=${'A'.repeat(41)}`), 400);
    await expectRefused(await fetch(`${origin}/api/referral-offer?code=A&extra=1`), 400);
  });

  test('/referred-by/{public id} lands like /ref/{code}, with the customer\'s code (made on demand)', async () => {
    const referrer = await customer('Bea Public', 'bea.public@example.com', '512-555-0111');
    const response = await fetch(`${origin}/referred-by/${referrer.public_id}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const code = (await db.selectFrom('referral_codes').select('code').where('customer_id', '=', referrer.id).executeTakeFirstOrThrow()).code;
    expect(response.headers.get('location')).toBe(`/referral-offer?code=${code}`);
    expect(response.headers.get('set-cookie')).toMatch(new RegExp(`^eps_referral=${code};`));
    // The same link again gives the same code; it is random, not a count.
    expect((await fetch(`${origin}/referred-by/${referrer.public_id}`, { redirect: 'manual' })).headers.get('location')).toBe(`/referral-offer?code=${code}`);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  test('the offer form stores a lead (staff notified through the outbox) and a pending referral; the cookie carries the code when the form does not', async () => {
    const referrer = await customer('Carla Giver', 'carla.giver@example.com', '512-555-0122');
    const { code } = await ensureReferralCode(db, referrer.id);
    const { reference, referral } = await offer(code);
    expect(referral).toMatchObject({ status: 'pending', flags: [], referrer_customer_id: referrer.id, source: 'offer' });
    const lead = await db.selectFrom('leads').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ status: 'new', page_context: 'Referral offer' });
    expect(lead.message).toContain(`Referred by Carla Giver (code ${code})`);
    // Staff are told; the friend (who agreed to be contacted) is welcomed and the referrer thanked, from their templates.
    const notices = await db.selectFrom('outbox_messages').select(['topic', 'audience', 'category', 'payload']).where('lead_id', '=', lead.id).orderBy('id').execute();
    expect(notices.map((n) => [n.topic, n.audience, n.category])).toEqual([['staff-lead-email', 'staff', 'transactional'], ['customer-referral-welcome', 'customer', 'referral']]);
    expect(notices[1]!.payload.to).toBe(referral!.friend_email);
    expect(notices[1]!.payload.text).toContain('Carla referred you');
    const thanks = await db.selectFrom('outbox_messages').select(['topic', 'payload']).where('topic', '=', 'customer-referral-thank-you').where('customer_id', '=', referrer.id).execute();
    expect(thanks).toHaveLength(1);
    expect(thanks[0]!.payload.to).toBe('carla.giver@example.com');

    serial++;
    const viaCookie = await post('/api/referral-offer', form({ code: undefined }), { Cookie: `eps_referral=${code}` });
    const { reference: second } = referralOfferContract.response.parse(await viaCookie.json());
    expect(await referralOfLead(second)).toMatchObject({ referrer_customer_id: referrer.id });

    // Without any code the lead is kept all the same: nothing is lost.
    serial++;
    const none = await post('/api/referral-offer', form({ code: undefined }));
    const { reference: third } = referralOfferContract.response.parse(await none.json());
    expect(await referralOfLead(third)).toBeUndefined();
    expect(await db.selectFrom('leads').select('status').where('reference', '=', third).executeTakeFirstOrThrow()).toEqual({ status: 'new' });
  });

  test('the same form sent twice with one idempotency key makes one lead and one referral', async () => {
    const referrer = await customer('Dev Twice', 'dev.twice@example.com', '512-555-0133');
    const { code } = await ensureReferralCode(db, referrer.id);
    serial++;
    const body = form({ code });
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const [a, b] = await Promise.all([post('/api/referral-offer', body, headers), post('/api/referral-offer', body, headers)]);
    const ra = await a.json() as { reference: string };
    const rb = await b.json() as { reference: string };
    expect(ra.reference).toBe(rb.reference);
    expect(await db.selectFrom('referrals').select('id').where('referrer_customer_id', '=', referrer.id).execute()).toHaveLength(1);
  });

  test('self-referral, an existing customer, the same friend twice and a disposable email are flagged, not refused', async () => {
    const referrer = await customer('Eli Self', 'eli.self@example.com', '512-555-0144');
    const { code } = await ensureReferralCode(db, referrer.id);
    const self = await offer(code, { name: 'Eli Again', email: 'ELI.SELF@example.com', phone: '(512) 555-9999' });
    expect(self.referral).toMatchObject({ status: 'flagged' });
    expect(self.referral!.flags).toContain('self-referral');
    const samePhone = await offer(code, { email: '', phone: '512.555.0144' });
    expect(samePhone.referral!.flags).toContain('self-referral');

    const existing = await customer('Fay Existing', 'fay.existing@example.com', '512-555-0155');
    await db.insertInto('jobs').values({ public_id: newPublicId(), customer_id: existing.id, service: 'Drain cleaning', source: 'admin', service_address_id: null, completed_at: new Date(), invoice_total_cents: 30000, paid_at: new Date(), external_id: null, payload_hash: null, notes: null }).execute();
    const already = await offer(code, { name: 'Fay Existing', email: 'fay.existing@example.com', phone: '512-555-0155' });
    expect(already.referral!.flags).toEqual(['existing-customer']);

    serial++;
    const once = await offer(code, { email: 'gus.twice@example.com', phone: '512-555-0166' });
    expect(once.referral).toMatchObject({ status: 'pending', flags: [] });
    const twice = await offer(code, { email: 'gus.twice@example.com', phone: '512-555-0167' });
    expect(twice.referral!.flags).toEqual(['duplicate-friend']);

    const disposable = await offer(code, { email: 'hal@mailinator.com', phone: '512-555-0177' });
    expect(disposable.referral!.flags).toEqual(['disposable-email']);
  });

  test('a burst of referrals from one client is flagged from the third on', async () => {
    const referrer = await customer('Ida Burst', 'ida.burst@example.com', '512-555-0188');
    const { code } = await ensureReferralCode(db, referrer.id);
    const flags: string[][] = [];
    for (let i = 0; i < 4; i++) {
      serial++;
      flags.push((await offer(code, {}, { keepClient: true })).referral!.flags);
    }
    expect(flags).toEqual([[], [], ['burst'], ['burst']]);
  });

  test('/refer-a-friend matches the referrer by email, stores the friend as a lead, and flags an unknown referrer', async () => {
    const referrer = await customer('Jan Known', 'jan.known@example.com', '512-555-0199');
    serial++;
    const response = await post('/api/refer-a-friend', { yourName: 'Jan', yourEmail: 'JAN.KNOWN@example.com', friendName: 'Kim Newfriend', friendPhone: '512-555-3001', friendEmail: 'kim.new@example.com', consent: true, formStartTime: Date.now() - 10_000 });
    const text = await response.text();
    expect(response.status, text).toBe(200);
    const { reference } = referAFriendContract.response.parse(JSON.parse(text));
    expect(await referralOfLead(reference)).toMatchObject({ referrer_customer_id: referrer.id, status: 'pending', flags: [], source: 'refer-a-friend', friend_name: 'Kim Newfriend' });
    expect(await db.selectFrom('leads').select(['name', 'page_context']).where('reference', '=', reference).executeTakeFirstOrThrow()).toEqual({ name: 'Kim Newfriend', page_context: 'Refer a friend' });

    const unknown = await post('/api/refer-a-friend', { yourName: 'Nobody', yourEmail: 'nobody@example.com', friendName: 'Lee', friendPhone: '512-555-3002', consent: true, formStartTime: Date.now() - 10_000 });
    const { reference: other } = referAFriendContract.response.parse(await unknown.json());
    expect(await referralOfLead(other)).toMatchObject({ referrer_customer_id: null, status: 'flagged', flags: ['unknown-referrer'], referrer_email: 'nobody@example.com' });
  });

  test('hostile and malformed input to the forms is a 4xx with a clear message and stores nothing', async () => {
    const count = async () => Number((await db.selectFrom('referrals').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await expectRefused(await post('/api/referral-offer', form({ consent: false })), 400, /Tick the box/);
    await expectRefused(await post('/api/referral-offer', form({ consent: undefined })), 400, /consent/);
    await expectRefused(await post('/api/referral-offer', form({ phone: '12' })), 400, /10-digit/);
    await expectRefused(await post('/api/referral-offer', form({ code: 'A'.repeat(100) })), 400);
    await expectRefused(await post('/api/referral-offer', form({ name: 'x\u0000y' })), 400, /NUL/);
    await expectRefused(await post('/api/referral-offer', form({ admin: true })), 400, /admin/);
    await expectRefused(await post('/api/referral-offer', '{"name":'), 400, /not valid JSON/);
    await expectRefused(await post('/api/referral-offer', JSON.stringify({ ...form(), name: 'x'.repeat(20_000) })), 413);
    await expectRefused(await post('/api/refer-a-friend', { yourName: 'A', yourEmail: 'not-an-email', friendName: 'B', friendPhone: '512-555-3003', consent: true, formStartTime: 1 }), 400, /valid email/);
    await expectRefused(await fetch(`${origin}/api/referral-offer`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' }), 415);
    await expectRefused(await fetch(`${origin}/api/refer-a-friend`, { method: 'DELETE' }), 405);
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom('name', 'phone', 'email', 'consent', 'code', 'website', 'formStartTime', 'yourEmail', 'friendName'), fc.anything()), async (body) => {
      for (const p of ['/api/referral-offer', '/api/refer-a-friend']) {
        const response = await post(p, body);
        expect(response.status, `${p} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }), { numRuns: 25 });
    // The spam trap and a too-fast form store a spam lead quietly, and no referral.
    const referrer = await customer('Mo Spam', 'mo.spam@example.com', '512-555-0200');
    const { code } = await ensureReferralCode(db, referrer.id);
    serial++;
    const trapped = await post('/api/referral-offer', form({ code, website: 'http://spam.example' }));
    expect(trapped.status).toBe(200);
    expect(await referralOfLead(((await trapped.json()) as { reference: string }).reference)).toBeUndefined();
    expect(await count()).toBe(before);
  });

  test('a paid $250 job credits the referrer once, even when the webhook is replayed, and emails them; a $150 job does not', async () => {
    const referrer = await customer('Nora Credit', 'nora.credit@example.com', '512-555-0211');
    const { code } = await ensureReferralCode(db, referrer.id);
    const friend = { name: 'Otto Paid', email: 'otto.paid@example.com', phone: '512-555-4001' };
    const { referral } = await offer(code, friend);
    expect(referral!.status).toBe('pending');

    // $150 first: not a qualifying job.
    await postJob(job('REF-SMALL-1', friend, 15000));
    expect(await creditsOf(referrer.id)).toHaveLength(0);
    expect((await db.selectFrom('referrals').select('status').where('id', '=', referral!.id).executeTakeFirstOrThrow()).status).toBe('pending');

    // $250 unpaid: not yet.
    await postJob(job('REF-BIG-1', friend, 25000, false));
    expect(await creditsOf(referrer.id)).toHaveLength(0);

    // Paid: credited once, however many times the webhook says so.
    const paid = job('REF-BIG-1', friend, 25000, true);
    await postJob(paid);
    await Promise.all([postJob(paid), postJob(paid)]);
    const credits = await creditsOf(referrer.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount_cents: 2500, referral_id: referral!.id, created_by: 'system:referrals' });
    const days = (new Date(credits[0]!.expires_at).getTime() - new Date(credits[0]!.created_at).getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(180);
    expect(await db.selectFrom('referrals').select(['status', 'qualifying_job_id']).where('id', '=', referral!.id).executeTakeFirstOrThrow()).toMatchObject({ status: 'credited' });
    const emails = await db.selectFrom('outbox_messages').select(['topic', 'payload']).where('topic', '=', 'customer-referral-credit').execute();
    const mine = emails.filter((e) => e.payload.to === 'nora.credit@example.com');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.payload.text).toContain('$25.00 service credit');
    expect(mine[0]!.payload.text).toContain('Otto');

    // A different later job of the same friend changes nothing.
    await postJob(job('REF-BIG-2', friend, 40000));
    expect(await creditsOf(referrer.id)).toHaveLength(1);

    // The portal's view of it.
    const summary = await customerReferralSummary(db, referrer.id, origin);
    expect(summary).toMatchObject({ code, link: `${origin}/ref/${code}`, availableCents: 2500, referrals: [{ friendFirstName: 'Otto', status: 'credited' }] });
  });

  test('a flagged referral waits for staff: its paid job credits nothing until approved; ineligible needs a reason; all audited', async () => {
    const referrer = await customer('Pia Flagged', 'pia.flagged@example.com', '512-555-0222');
    const { code } = await ensureReferralCode(db, referrer.id);
    const friend = { name: 'Quin Throwaway', email: 'quin@yopmail.com', phone: '512-555-5001' };
    const { referral } = await offer(code, friend);
    expect(referral).toMatchObject({ status: 'flagged', flags: ['disposable-email'] });
    await postJob(job('REF-FLAG-1', friend, 30000));
    expect(await creditsOf(referrer.id)).toHaveLength(0);
    expect((await db.selectFrom('referrals').select('status').where('id', '=', referral!.id).executeTakeFirstOrThrow()).status).toBe('qualified');
    expect(await db.selectFrom('outbox_messages').select('topic').where('topic', '=', 'staff-referral-review').execute()).not.toHaveLength(0);

    const list = adminReferralListContract.response.parse(await (await admin('GET', '/api/admin/referrals?status=qualified')).json());
    const row = list.rows.find((r) => r.id === referral!.public_id)!;
    expect(row).toMatchObject({ status: 'qualified', flags: ['disposable-email'], referrer: { name: 'Pia Flagged' }, job: { totalCents: 30000 } });

    await expectRefused(await admin('POST', `/api/admin/referrals/${referral!.public_id}/review`, { decision: 'ineligible' }), 400, /reason/);
    const approved = await admin('POST', `/api/admin/referrals/${referral!.public_id}/review`, { decision: 'approve' });
    const text = await approved.text();
    expect(approved.status, text).toBe(200);
    expect(adminReferralReviewContract.response.parse(JSON.parse(text))).toMatchObject({ status: 'credited', creditCents: 2500, approvedBy: clerk });
    expect(await creditsOf(referrer.id)).toHaveLength(1);
    // Twice is refused, and credits nothing more.
    await expectRefused(await admin('POST', `/api/admin/referrals/${referral!.public_id}/review`, { decision: 'approve' }), 409);
    await expectRefused(await admin('POST', `/api/admin/referrals/${referral!.public_id}/review`, { decision: 'ineligible', reason: 'Changed my mind' }), 409);
    expect(await creditsOf(referrer.id)).toHaveLength(1);

    // Another flagged one, marked ineligible with a reason: its job later credits nothing.
    const other = await offer(code, { name: 'Rae Twice', email: 'rae@mailinator.com', phone: '512-555-5002' });
    const ruled = await admin('POST', `/api/admin/referrals/${other.referral!.public_id}/review`, { decision: 'ineligible', reason: 'Same household as the referrer.' });
    expect(ruled.status).toBe(200);
    await postJob(job('REF-FLAG-2', { name: 'Rae Twice', email: 'rae@mailinator.com', phone: '512-555-5002' }, 30000));
    expect(await creditsOf(referrer.id)).toHaveLength(1);
    const audits = await db.selectFrom('audit_log').select(['actor_email', 'action']).where('entity', '=', 'referral').where('entity_id', 'in', [referral!.public_id, other.referral!.public_id]).where('actor_email', '=', clerk).execute();
    expect(audits.map((a) => a.action).sort()).toEqual(['referral.approve', 'referral.ineligible']);

    const ledger = adminReferralLedgerContract.response.parse(await (await admin('GET', '/api/admin/referrals/ledger')).json());
    const credit = ledger.credits.find((c) => c.customer === 'Pia Flagged' && c.createdBy === clerk)!;
    expect(credit).toMatchObject({ amountCents: 2500, usedAt: null });

    // Using the credit is recorded once, with where it went, and audited.
    await expectRefused(await admin('POST', `/api/admin/referrals/credits/${credit.id}/use`, { note: '' }), 400, /where the credit was used/);
    const used = await admin('POST', `/api/admin/referrals/credits/${credit.id}/use`, { note: 'Invoice 1042' });
    expect(used.status).toBe(200);
    expect(adminReferralCreditUseContract.response.parse(await used.json())).toMatchObject({ usedNote: 'Invoice 1042', usedAt: expect.any(String) });
    await expectRefused(await admin('POST', `/api/admin/referrals/credits/${credit.id}/use`, { note: 'Invoice 1043' }), 409, /used already/);
    await expectRefused(await admin('POST', '/api/admin/referrals/credits/999999/use', { note: 'Invoice 1' }), 404);
    expect(await db.selectFrom('audit_log').select('action').where('entity', '=', 'referral_credit').where('entity_id', '=', String(credit.id)).execute()).toEqual([{ action: 'referral-credit.use' }]);
    expect((await customerReferralSummary(db, referrer.id, origin)).availableCents).toBe(0);
    expect(ledger.codes.find((c) => c.code === code)).toMatchObject({ referrals: 2, conversions: 1 });
  });

  test('a friend\'s paid job at one of the referrer\'s own service addresses is flagged as a self-referral for staff, not credited', async () => {
    const referrer = await customer('Uma Household', 'uma.household@example.com', '512-555-0245');
    const home = { line1: '4410 Duval Street', line2: 'Unit 2', city: 'Austin', state: 'TX', zip: '78751' };
    await upsertServiceAddress(db, referrer.id, home, addressKey(home));
    const { code } = await ensureReferralCode(db, referrer.id);
    // Another name, email and phone: nothing at the offer tells them apart.
    const friend = { name: 'Vic Housemate', email: 'vic.housemate@example.com', phone: '512-555-6101' };
    const { referral } = await offer(code, friend);
    expect(referral).toMatchObject({ status: 'pending', flags: [] });
    const reviewsBefore = (await db.selectFrom('outbox_messages').select('id').where('topic', '=', 'staff-referral-review').execute()).length;

    // The friend's first paid $300 job is at the referrer's address, written another way.
    await postJob(JSON.stringify({
      external_id: 'REF-SELF-ADDR-1', customer: friend, service_address: { line1: '4410 Duval St.', line2: 'unit #2', city: 'austin', state: 'tx', zip: '78751-1234' },
      service: 'Water heater repair', completed_at: '2026-11-20', invoice_total_cents: 30000, paid_at: '2026-11-21T15:30:00-06:00', notes: null,
    }));
    expect(await db.selectFrom('referrals').select(['status', 'flags']).where('id', '=', referral!.id).executeTakeFirstOrThrow()).toEqual({ status: 'qualified', flags: ['self-referral'] });
    expect(await creditsOf(referrer.id)).toHaveLength(0);
    const creditEmails = await db.selectFrom('outbox_messages').select('payload').where('topic', '=', 'customer-referral-credit').execute();
    expect(creditEmails.filter((m) => m.payload.to === 'uma.household@example.com')).toEqual([]);
    expect((await db.selectFrom('outbox_messages').select('id').where('topic', '=', 'staff-referral-review').execute()).length).toBe(reviewsBefore + 1);
    const list = adminReferralListContract.response.parse(await (await admin('GET', '/api/admin/referrals?status=qualified')).json());
    expect(list.rows.find((r) => r.id === referral!.public_id)).toMatchObject({ status: 'qualified', flags: ['self-referral'] });
  });

  test('merging the referrer into another record moves their referrals and credits; their old code and public id lead to the record kept', async () => {
    const duplicate = await customer('Sam Dup', 'sam.dup@example.com', '512-555-0233');
    const keeper = await customer('Samuel Keeper', 'sam.keeper@example.com', '512-555-0234');
    const { code } = await ensureReferralCode(db, duplicate.id);
    const friend = { name: 'Tess Merge', email: 'tess.merge@example.com', phone: '512-555-6001' };
    await offer(code, friend);
    await postJob(job('REF-MERGE-1', friend, 26000));
    expect(await creditsOf(duplicate.id)).toHaveLength(1);
    const merged = await admin('POST', `/api/admin/customers/${keeper.public_id}/merge`, { duplicateId: duplicate.public_id });
    expect(merged.status, await merged.text()).toBe(200);
    expect(await creditsOf(duplicate.id)).toHaveLength(0);
    expect(await creditsOf(keeper.id)).toHaveLength(1);
    expect(await (await fetch(`${origin}/api/referral-offer?code=${code}`)).json()).toEqual({ firstName: 'Samuel' });
    const next = await offer(code, { name: 'Uma Later', email: 'uma.later@example.com', phone: '512-555-6002' });
    expect(next.referral).toMatchObject({ referrer_customer_id: keeper.id, status: 'pending' });
    expect((await customerReferralSummary(db, keeper.id, origin)).referrals.map((r) => r.friendFirstName).sort()).toEqual(['Tess', 'Uma']);
  });

  test('staff endpoints: signed out 401, another site 403, unknown id 404, hostile input 4xx', async () => {
    await expectRefused(await fetch(`${origin}/api/admin/referrals`), 401);
    await expectRefused(await fetch(`${origin}/api/admin/referrals/ledger`), 401);
    await expectRefused(await admin('POST', '/api/admin/referrals/credits/1/use', { note: 'Invoice 1' }, ''), 401);
    await expectRefused(await admin('POST', `/api/admin/referrals/${newPublicId()}/review`, { decision: 'approve' }, ''), 401);
    await expectRefused(await admin('POST', `/api/admin/referrals/${newPublicId()}/review`, { decision: 'approve' }, cookie, 'https://evil.example'), 403);
    await expectRefused(await admin('POST', `/api/admin/referrals/${newPublicId()}/review`, { decision: 'approve' }), 404);
    await expectRefused(await admin('POST', '/api/admin/referrals/1/review', { decision: 'approve' }), 404);
    await expectRefused(await admin('GET', '/api/admin/referrals?status=everything'), 400);
    await expectRefused(await admin('GET', '/api/admin/referrals?pageSize=100000'), 400);
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom('decision', 'reason', 'status', 'sort', 'dir', 'page'), fc.anything()), async (input) => {
      for (const contract of [adminReferralListContract, adminReferralReviewContract, adminReferralLedgerContract, adminReferralCreditUseContract]) {
        await expectHostileAdminCallRefused(origin, cookie, contract, input, newPublicId());
      }
    }), { numRuns: 20 });
  });
});
