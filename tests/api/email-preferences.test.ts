/**
 * Email preferences, unsubscribe and the template screen over real HTTP on PGlite and PostgreSQL:
 * `curl -X POST -d 'List-Unsubscribe=One-Click' URL` with no cookie switches the message's category
 * off and answers 200 without a redirect; a GET of that address changes nothing; a token reaches only
 * its own address; /api/unsubscribe answers the same for known and unknown addresses and emails only
 * a known one its link; the template endpoints refuse an unknown merge field (422 naming it), preview,
 * send a test to the staff member and revert; hostile input is a 4xx, never a 500; over 5 requests
 * from one client to /api/unsubscribe get a 429.
 */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminEmailTemplatePreviewContract, adminEmailTemplateRevertContract, adminEmailTemplateSaveContract, adminEmailTemplateTestContract, adminEmailTemplateListContract } from '../../src/lib/api/admin/email-templates.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { insertCustomer } from '../../src/server/repositories/customer.repository';
import { findPreferenceByEmail } from '../../src/server/repositories/email-preference.repository';
import { queueCustomerEmail } from '../../src/server/services/customer-email';
import { leadRateLimit } from '../../src/server/services/leads';
import { newPublicId } from '../../src/server/services/public-id';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { clearOfWindowEdge } from '../support/rate-window';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const run = promisify(execFile);
const clerk = 'templates.clerk@example.com';
const reviewData = { first_name: 'Lee', service: 'Leak repair', review_link: 'https://example.com/leave-review/t', google_link: null, facebook_link: null, yelp_link: null };

describe.each(testDatabaseKinds)('email preferences over HTTP on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let mailDir: string;
  let cookie: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
    process.env.RATE_LIMIT_DISABLED = '1';
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

  /** Queues a review request to `email` on this site and answers its List-Unsubscribe address. */
  const oneClickAddressFor = async (email: string) => {
    const message = await queueCustomerEmail(db, { template: 'review-request', to: email, data: reviewData, siteUrl: origin });
    return /^<(.+)>$/.exec(message.payload.headers!['List-Unsubscribe']!)![1]!;
  };
  const preference = (email: string) => findPreferenceByEmail(db, email);
  const expectRefused = async (response: Response, status: number, pattern?: RegExp) => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    const body = JSON.parse(text) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
  };
  const mailsTo = async (email: string) => {
    const names = await readdir(mailDir).catch(() => [] as string[]);
    return (await Promise.all(names.map((n) => readFile(path.join(mailDir, n), 'utf8')))).filter((m) => m.includes(`To: ${email}`));
  };
  const waitForMails = async (email: string, count: number) => {
    for (let i = 0; i < 100; i++) {
      const mails = await mailsTo(email);
      if (mails.length >= count) return mails;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`${count} email(s) to ${email} did not arrive`);
  };

  test('curl -X POST -d \'List-Unsubscribe=One-Click\' with no cookie unsubscribes from that category: 200, no redirect', async () => {
    const url = await oneClickAddressFor('curl.user@example.com');
    expect(new URL(url).pathname).toBe('/api/email-preferences/one-click');
    const { stdout } = await run('curl', ['-s', '-X', 'POST', '-d', 'List-Unsubscribe=One-Click', '-o', '/dev/null', '-w', '%{http_code} %{redirect_url}', url]);
    expect(stdout).toBe('200 ');
    expect(await preference('curl.user@example.com')).toMatchObject({ review_requests: false, referral_emails: true, offers: true, unsubscribed_all: false, changed_via: 'one-click' });

    // The same through fetch, with no Origin or cookie, as a mail provider posts it.
    const other = await oneClickAddressFor('fetch.user@example.com');
    const response = await fetch(other, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click', redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.json()).toEqual({ ok: true, unsubscribedFrom: 'review_request', message: 'You are unsubscribed from review requests.' });
    expect(await preference('fetch.user@example.com')).toMatchObject({ review_requests: false });
    expect(await preference('curl.user@example.com')).toMatchObject({ review_requests: false });
  });

  test('a GET of the one-click address only leads to the preferences page; a wrong body changes nothing', async () => {
    const url = await oneClickAddressFor('get.only@example.com');
    const token = new URL(url).searchParams.get('token')!;
    const get = await fetch(url, { redirect: 'manual' });
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(`/email-preferences/${token}?unsubscribe=review_request`);
    await expectRefused(await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=Yes' }), 400, /List-Unsubscribe=One-Click/);
    await expectRefused(await fetch(url, { method: 'POST' }), 400);
    const multipart = new FormData();
    multipart.set('List-Unsubscribe', 'One-Click');
    expect(await preference('get.only@example.com')).toMatchObject({ review_requests: true });
    expect((await fetch(url, { method: 'POST', body: multipart })).status).toBe(200);
    expect(await preference('get.only@example.com')).toMatchObject({ review_requests: false });
  });

  test('a token opens and changes only its own address', async () => {
    const aUrl = new URL(await oneClickAddressFor('token.a@example.com'));
    await oneClickAddressFor('token.b@example.com');
    const a = aUrl.searchParams.get('token')!;
    const read = await fetch(`${origin}/api/email-preferences?token=${a}`);
    expect(await read.json()).toEqual({ email: 'to***@example.com', reviewRequests: true, referralEmails: true, serviceReminders: true, offers: true, unsubscribedAll: false });
    const put = (body: unknown, from: string | undefined = origin) =>
      fetch(`${origin}/api/email-preferences`, { method: 'PUT', headers: { 'Content-Type': 'application/json', ...(from ? { Origin: from } : {}) }, body: JSON.stringify(body) });
    const choices = { reviewRequests: true, referralEmails: false, serviceReminders: true, offers: false, unsubscribedAll: false };
    expect((await put({ token: a, ...choices })).status).toBe(200);
    expect(await preference('token.a@example.com')).toMatchObject({ referral_emails: false, offers: false });
    expect(await preference('token.b@example.com')).toMatchObject({ referral_emails: true, offers: true });
    // No field can name another address, and a guessed token finds nothing.
    await expectRefused(await put({ token: a, ...choices, email: 'token.b@example.com', unsubscribedAll: true }), 400, /email/);
    await expectRefused(await put({ token: `${a.slice(0, -2)}zz`, ...choices, unsubscribedAll: true }), 404);
    await expectRefused(await put({ token: a, ...choices, unsubscribedAll: true }, 'https://evil.example'), 403);
    await expectRefused(await fetch(`${origin}/api/email-preferences?token=${a.slice(1)}`), 400, /link is not complete/);
    await expectRefused(await fetch(`${aUrl.origin}${aUrl.pathname}?token=${a}&category=transactional`, { method: 'POST', body: 'List-Unsubscribe=One-Click' }), 400, /names no list/);
    expect(await preference('token.b@example.com')).toMatchObject({ unsubscribed_all: false, review_requests: true });
  });

  test('/api/unsubscribe answers the same for a known and an unknown address; only the known one gets its link', async () => {
    await insertCustomer(db, { public_id: newPublicId(), name: 'Known Person', email: 'known.person@example.com', phone: null, phone_digits: null, company: null, property_type: null });
    const ask = (email: string) => fetch(`${origin}/api/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ email, formStartTime: Date.now() - 10_000 }) });
    const known = await ask('Known.Person@example.com');
    const unknown = await ask('nobody.here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [knownBody, unknownBody] = [await known.text(), await unknown.text()];
    expect(knownBody).toBe(unknownBody);
    expect(JSON.parse(knownBody).message).toMatch(/^If we have that address, we have sent it a link/);
    const [mail] = await waitForMails('known.person@example.com', 1);
    const token = (await preference('known.person@example.com'))!.token;
    expect(mail!.replace(/=\r?\n/g, '')).toContain(`/email-preferences/${token}`);
    expect(await preference('known.person@example.com')).toMatchObject({ review_requests: true, unsubscribed_all: false, changed_via: null });
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo('nobody.here@example.com')).toEqual([]);
    expect(await preference('nobody.here@example.com')).toBeUndefined();
  });

  test('hostile input at every public endpoint is a 4xx in the error format, never a 500', async () => {
    const hostile = fc.oneof(fc.string(), fc.constantFrom('', '%00', '\u0000', '<script>', "' or 1=1 --", 'a'.repeat(5000), '../../etc/passwd'), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }), fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }));
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom('token', 'category', 'email', 'reviewRequests', 'unsubscribedAll', 'website', 'formStartTime', 'extra', '__proto__'), hostile, { maxKeys: 4 }), fc.string({ maxLength: 300 }), async (input, rawBody) => {
      const query = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      const responses = await Promise.all([
        fetch(`${origin}/api/email-preferences?${query}`),
        fetch(`${origin}/api/email-preferences`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ ...input, extra: true }) }),
        fetch(`${origin}/api/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ ...input, extra: true }) }),
        fetch(`${origin}/api/email-preferences/one-click?${query}`, { method: 'POST', body: rawBody }),
        fetch(`${origin}/api/email-preferences/one-click?${query}`, { redirect: 'manual' }),
      ]);
      for (const response of responses) {
        const where = `${response.url} ${response.status}`;
        expect(response.status, where).toBeGreaterThanOrEqual(400);
        expect(response.status, where).toBeLessThan(500);
        expect(JSON.parse(await response.text()).error, where).toMatch(errorFormat);
      }
    }), { numRuns: 25 });
    for (const body of ['not json', '{"email":', '[]', 'null', JSON.stringify({ email: 'x@example.com', extra: 1 })]) {
      await expectRefused(await fetch(`${origin}/api/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body }), 400);
    }
    await expectRefused(await fetch(`${origin}/api/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Origin: origin }, body: 'x@example.com' }), 415);
    await expectRefused(await fetch(`${origin}/api/email-preferences/one-click?token=${'a'.repeat(43)}&category=marketing`, { method: 'POST', body: 'x'.repeat(10_000) }), 413);
    await expectRefused(await fetch(`${origin}/api/email-preferences/one-click?token=${'a'.repeat(43)}&category=marketing`, { method: 'POST', body: 'List-Unsubscribe=One-Click' }), 404);
  });

  test('templates: an unknown field is refused naming it; preview; a test reaches the staff member; revert', async () => {
    const call = (method: string, p: string, body?: unknown) =>
      fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });
    const list = adminEmailTemplateListContract.response.parse(await (await call('GET', '/api/admin/email-templates')).json());
    expect(list.templates.map((t) => t.key)).toContain('review-request');

    await expectRefused(await call('PUT', '/api/admin/email-templates/review-request', { subject: 'Hi {{ first_name }}', body: 'Use {{ discount_code }} today' }), 422, /"discount_code"/);
    await expectRefused(await call('PUT', '/api/admin/email-templates/review-request', { subject: 'Hi', body: '{% if first_name %}never closed' }), 422, /not valid Liquid/);
    await expectRefused(await call('PUT', '/api/admin/email-templates/no-such', { subject: 'Hi', body: 'Body' }), 404);
    expect(await db.selectFrom('email_templates').selectAll().execute()).toEqual([]);

    const wording = { subject: 'Quick question, {{ first_name }}', body: 'How was your {{ service }}? {{ review_link }}' };
    const preview = adminEmailTemplatePreviewContract.response.parse(await (await call('POST', '/api/admin/email-templates/review-request/preview', wording)).json());
    expect(preview.subject).toBe('Quick question, Maria');
    expect(preview.text).toContain('How was your Water heater repair?');
    expect(preview.html).toContain('701 Tillery St #12');

    const saved = adminEmailTemplateSaveContract.response.parse(await (await call('PUT', '/api/admin/email-templates/review-request', wording)).json());
    expect(saved).toMatchObject({ customised: true, updatedBy: clerk, subject: wording.subject });

    const test = adminEmailTemplateTestContract.response.parse(await (await call('POST', '/api/admin/email-templates/review-request/test', wording)).json());
    expect(test).toEqual({ sentTo: clerk });
    const mails = await waitForMails(clerk, 2);
    expect(mails.some((m) => m.includes('Subject: [Test] Quick question, Maria'))).toBe(true);

    const reverted = adminEmailTemplateRevertContract.response.parse(await (await call('DELETE', '/api/admin/email-templates/review-request', {})).json());
    expect(reverted).toMatchObject({ customised: false, subject: 'How did we do, {{ first_name }}?' });
    const audit = await db.selectFrom('audit_log').select('action').where('entity', '=', 'email-template').orderBy('at').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['email-template.change', 'email-template.revert']);

    const anonymous = await fetch(`${origin}/api/admin/email-templates/review-request`, { method: 'PUT', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(wording) });
    expect(anonymous.status).toBe(401);
  });

  test('hostile input at the template endpoints is a 4xx, never a 500', async () => {
    const contracts = [adminEmailTemplateListContract, adminEmailTemplateSaveContract, adminEmailTemplateRevertContract, adminEmailTemplatePreviewContract, adminEmailTemplateTestContract];
    const hostileValue = fc.oneof(fc.string(), fc.constantFrom('{{', '{% for x in (1..99999999) %}x{% endfor %}', '{{ a | nope }}', '\u0000', 'a'.repeat(30_000)), fc.integer(), fc.constant(null));
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...contracts),
      fc.dictionary(fc.constantFrom('subject', 'body', 'extra'), hostileValue, { maxKeys: 3 }),
      fc.constantFrom('review-request', '1', 'abc', '%00', '..%2F..', 'order-receipt'),
      (contract, input, key) => expectHostileAdminCallRefused(origin, cookie, { ...contract, path: contract.path.replace(':key', ':id') as typeof contract.path }, input, key),
    ), { numRuns: 30 });
    // A template that loops forever is stopped by the render limit: a 422, not a hang or a 500.
    const response = await fetch(`${origin}/api/admin/email-templates/review-request/preview`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: JSON.stringify({ subject: 'Hi', body: '{% for x in (1..99999999) %}{{ first_name }}{% endfor %}' }) });
    await expectRefused(response, 422);
  });

  test('more than 5 link requests from one client in 10 minutes get a 429', async () => {
    await clearOfWindowEdge(leadRateLimit.windowSeconds);
    delete process.env.RATE_LIMIT_DISABLED;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const response = await fetch(`${origin}/api/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ email: `limit${i}@example.com` }) });
        statuses.push(response.status);
        if (response.status === 429) await expectRefused(response, 429, /call us/);
      }
      expect(statuses.at(-1)).toBe(429);
    } finally {
      process.env.RATE_LIMIT_DISABLED = '1';
    }
  });
});
