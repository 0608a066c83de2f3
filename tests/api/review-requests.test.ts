/**
 * Review requests over real HTTP on PGlite and PostgreSQL: a job staff mark completed schedules its
 * customer's request; staff see it with its step, send it now (the email carries the request's own
 * link and the same options for everyone), stop it, and change the settings (links validated, a change
 * republishes /request-review); staff endpoints are staff-only and hostile input is a 4xx, never a 500.
 */
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminReviewRequestListContract, adminReviewRequestResendContract, adminReviewRequestStopContract, adminReviewRequestSummaryContract, adminReviewSettingsContract,
} from '../../src/lib/api/admin/review-requests.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { insertCustomer } from '../../src/server/repositories/customer.repository';
import { newPublicId } from '../../src/server/services/public-id';
import { sendDueReviewRequests } from '../../src/server/services/review-requests';
import { mailFiles } from '../support/checkout-requests';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const clerk = 'reviews.staff@example.com';

describe.each(testDatabaseKinds)('review requests on %s', (kind) => {
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

  const admin = (method: string, p: string, body?: unknown, who = cookie, from = origin) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: who, Origin: from }, body: body === undefined ? undefined : JSON.stringify(body) });
  const ok = async <T>(response: Response, parse: (v: unknown) => T): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(200);
    return parse(JSON.parse(text));
  };
  const expectRefused = async (response: Response, status: number, pattern?: RegExp) => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    const body = JSON.parse(text) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
  };
  const mailTo = async (address: string) => (await mailFiles(mailDir)).filter((t) => t.includes(address));
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());

  async function completedJobFor(email: string) {
    const customer = await insertCustomer(db, { public_id: newPublicId(), name: 'Marta Díaz', email, phone: null, phone_digits: null, company: null, property_type: null });
    const response = await admin('POST', '/api/admin/jobs', { customerId: customer.public_id, addressId: null, service: 'Water heater replacement', completedAt: today, invoiceTotal: '1450.00', paidAt: '', notes: '', externalId: '' });
    expect(response.status, await response.clone().text()).toBe(200);
    const list = await ok(await admin('GET', '/api/admin/review-requests?status=waiting&sort=created_at'), (v) => adminReviewRequestListContract.response.parse(v));
    return list.rows.find((r) => r.email === email)!;
  }

  test('a completed job schedules its request; staff send it now, and the email offers everyone the same choices', async () => {
    const row = await completedJobFor(`marta.${kind}@example.com`);
    expect(row).toMatchObject({ status: 'waiting', step: 0, service: 'Water heater replacement', stopReason: null });
    expect(new Date(row.nextSendAt!).getTime()).toBeGreaterThan(Date.now());

    const sent = await ok(await admin('POST', `/api/admin/review-requests/${row.id}/resend`), (v) => adminReviewRequestResendContract.response.parse(v));
    expect(sent).toMatchObject({ status: 'waiting', step: 1 });
    const token = (await db.selectFrom('review_requests').select('token').where('public_id', '=', row.id).executeTakeFirstOrThrow()).token;
    await expect.poll(async () => (await mailTo(`marta.${kind}@example.com`)).join('\n'), { timeout: 10_000 }).toContain(`/leave-review/${token}`);
    const email = (await mailTo(`marta.${kind}@example.com`)).join('\n');
    expect(email).toContain('facebook.com');
    expect(email).toContain('yelp.com');

    const audit = await db.selectFrom('audit_log').select(['action', 'actor_email']).where('entity_id', '=', row.id).execute();
    expect(audit).toContainEqual({ action: 'review-request.resend', actor_email: clerk });
  });

  test('staff stop a waiting request; stopping twice is a 409 and a stopped one is not sent by the schedule', async () => {
    const row = await completedJobFor(`stop.${kind}@example.com`);
    // Another request of the same day, left waiting: proves the run below does send what is due.
    const control = await completedJobFor(`control.${kind}@example.com`);
    const stopped = await ok(await admin('POST', `/api/admin/review-requests/${row.id}/stop`), (v) => adminReviewRequestStopContract.response.parse(v));
    expect(stopped).toMatchObject({ status: 'stopped', stopReason: 'staff', nextSendAt: null });
    await expectRefused(await admin('POST', `/api/admin/review-requests/${row.id}/stop`), 409, /nothing to stop/);

    // The scheduled run, a few minutes after the send hour at which the stopped request was due.
    const dueAt = new Date(new Date(row.nextSendAt!).getTime() + 5 * 60_000);
    expect(new Date(control.nextSendAt!).getTime()).toBeLessThanOrEqual(dueAt.getTime());
    const outcome = await sendDueReviewRequests(db, { now: dueAt, siteUrl: origin });
    const queuedTo = async (address: string) => (await db.selectFrom('outbox_messages').select(['topic', 'payload']).where('topic', 'like', 'review-%').execute()).filter((m) => m.payload.to === address);
    expect(await queuedTo(`stop.${kind}@example.com`)).toEqual([]);
    expect((await queuedTo(`control.${kind}@example.com`)).map((m) => m.topic)).toEqual(['review-request']);
    expect(outcome.sent).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('review_requests').select(['status', 'step', 'stop_reason', 'next_send_at']).where('public_id', '=', row.id).executeTakeFirstOrThrow())
      .toEqual({ status: 'stopped', step: 0, stop_reason: 'staff', next_send_at: null });
  });

  test('settings: links must be full https addresses; a saved change shows in the summary and republishes the site', async () => {
    const base = { enabled: true, sendHour: 10, links: { google: 'https://g.page/r/economy-plumbing/review', facebook: null, yelp: 'https://www.yelp.com/writeareview/biz/economy' } };
    await expectRefused(await admin('PUT', '/api/admin/review-requests/settings', { ...base, links: { ...base.links, google: 'javascript:alert(1)' } }), 400, /https:\/\//);
    await expectRefused(await admin('PUT', '/api/admin/review-requests/settings', { ...base, links: { ...base.links, facebook: 'http://facebook.com/x' } }), 400, /https:\/\//);
    await expectRefused(await admin('PUT', '/api/admin/review-requests/settings', { ...base, sendHour: 23 }), 400, /8 AM and 6 PM/);
    const before = await db.selectFrom('publish_requests').select('id').execute();
    const saved = await ok(await admin('PUT', '/api/admin/review-requests/settings', base), (v) => adminReviewSettingsContract.response.parse(v));
    expect(saved).toEqual(base);
    const summary = await ok(await admin('GET', '/api/admin/review-requests/summary'), (v) => adminReviewRequestSummaryContract.response.parse(v));
    expect(summary.settings).toEqual(base);
    expect(summary.figures.requests).toBeGreaterThanOrEqual(2);
    expect(summary.figures.sent).toBeGreaterThanOrEqual(1);
    expect((await db.selectFrom('publish_requests').select('id').execute()).length).toBe(before.length + 1);
    // Put the defaults back for the other tests.
    await db.deleteFrom('review_settings').execute();
  });

  test('staff endpoints: signed out 401, another site 403, unknown id 404, hostile input 4xx', async () => {
    await expectRefused(await fetch(`${origin}/api/admin/review-requests`), 401);
    await expectRefused(await fetch(`${origin}/api/admin/review-requests/summary`), 401);
    await expectRefused(await admin('POST', `/api/admin/review-requests/${newPublicId()}/stop`, undefined, ''), 401);
    await expectRefused(await admin('PUT', '/api/admin/review-requests/settings', { enabled: false, sendHour: 9, links: { google: null, facebook: null, yelp: null } }, ''), 401);
    await expectRefused(await admin('POST', `/api/admin/review-requests/${newPublicId()}/resend`, undefined, cookie, 'https://evil.example'), 403);
    await expectRefused(await admin('POST', `/api/admin/review-requests/${newPublicId()}/resend`), 404);
    await expectRefused(await admin('POST', '/api/admin/review-requests/1/stop'), 404);
    await expectRefused(await admin('GET', '/api/admin/review-requests?status=everything'), 400);
    await fc.assert(fc.asyncProperty(fc.dictionary(fc.constantFrom('enabled', 'sendHour', 'links', 'status', 'sort', 'dir', 'page'), fc.anything()), async (input) => {
      for (const contract of [adminReviewRequestListContract, adminReviewRequestStopContract, adminReviewRequestResendContract, adminReviewSettingsContract, adminReviewRequestSummaryContract]) {
        await expectHostileAdminCallRefused(origin, cookie, contract, input, newPublicId());
      }
    }), { numRuns: 20 });
  });
});
