/**
 * Text messages over real HTTP on PostgreSQL and PGlite, with a local Twilio-protocol server
 * (tests/support/fake-twilio.ts): /api/sms-signup keeps the consent record (the exact disclosure
 * text, time, source page, client hash) and sends the confirmation through the outbox and Twilio's
 * REST protocol; /api/webhooks/twilio refuses unsigned and wrongly signed posts (403), and after STOP
 * a marketing text is not sent, START restores, each keyword answered by one TwiML message; the
 * portal texts a sign-in code to the customer's phone on file; hostile input gets a 4xx, never a 500.
 */
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { currentSmsDisclosure, disclosureText, smsReplies } from '../../src/lib/sms/program';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { createLogger } from '../../src/server/http/logger';
import { twilioSignature } from '../../src/server/http/twilio-signature';
import { leadRateLimit } from '../../src/server/services/leads';
import { mailerFromEnv } from '../../src/server/services/mail';
import { deliverMessageNow } from '../../src/server/services/outbox';
import { newPublicId } from '../../src/server/services/public-id';
import { queueText, smsSenderFromEnv } from '../../src/server/services/sms';
import { startFakeTwilio, type FakeTwilio } from '../support/fake-twilio';
import { clearOfWindowEdge } from '../support/rate-window';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const log = createLogger({}, { LOG_LEVEL: 'silent' });
/**
 * The fixed windows of the two per-number text caps, which their modules do not export: a UTC day
 * for sign-up confirmations (confirmationsPerDay in sms-signup.ts) and an hour for texted sign-in
 * codes (textedCodesPerHour in sign-in-text.ts).
 */
const confirmationWindowSeconds = 86_400;
const signInTextWindowSeconds = 3600;
/** Monday 30 November 2026, 10:00 in Austin: inside the window for marketing texts. */
const mondayMorning = new Date('2026-11-30T16:00:00Z');

describe.each(testDatabaseKinds)('text messages on %s', (kind) => {
  let site: TestSite;
  let twilio: FakeTwilio;
  let db: Kysely<Database>;
  let origin: string;
  let webhook: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    webhook = `${origin}/api/webhooks/twilio`;
    Object.assign(process.env, twilio.env, { PUBLIC_SITE_URL: origin, MAIL_DIR: path.join(site.dir, 'mail'), SMS_DIR: path.join(site.dir, 'sms'), RATE_LIMIT_DISABLED: '1' });
    delete process.env.SMTP_URL;
    db = createDb(site.site.database.env);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
    await twilio?.stop();
  });

  const signUp = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(`${origin}/api/sms-signup`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin, ...headers }, body: JSON.stringify(body) });
  const form = (extra: Record<string, unknown> = {}) => ({ name: 'Dana Texter', phone: '(512) 555-0142', consent: true, disclosureVersion: currentSmsDisclosure.version, formStartTime: Date.now() - 60_000, website: '', ...extra });
  const events = (phone: string) => db.selectFrom('sms_subscription_events').select(['event', 'via']).where('phone', '=', phone).orderBy('id').execute();
  const expectRefused = async (response: Response, status: number, pattern?: RegExp) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
  };
  const expectTwiml = async (response: Response, reply: string) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/xml/);
    const text = await response.text();
    expect(text.match(/<Message>/g)).toHaveLength(1);
    expect(text).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response><Message>${reply.replace(/&/g, '&amp;').replace(/'/g, '&apos;')}</Message></Response>`);
  };

  test('unsigned, wrongly signed, tampered or misaddressed posts to the webhook get a 403 and change nothing', async () => {
    const phone = '+15125550171';
    await expectRefused(await twilio.inbound(webhook, { From: phone, Body: 'STOP' }, { signature: null }), 403, /not signed by Twilio/);
    await expectRefused(await twilio.inbound(webhook, { From: phone, Body: 'STOP' }, { signature: 'bm90IGEgc2lnbmF0dXJl' }), 403);
    await expectRefused(await twilio.inbound(webhook, { From: phone, Body: 'STOP' }, { token: 'another-accounts-auth-token' }), 403);
    await expectRefused(await twilio.inbound(webhook, { From: phone, Body: 'STOP' }, { signedUrl: 'https://evil.example/api/webhooks/twilio' }), 403);
    const signedForStart = twilioSignature(twilio.env.TWILIO_AUTH_TOKEN, webhook, { From: phone, Body: 'START' });
    await expectRefused(await twilio.inbound(webhook, { From: phone, Body: 'STOP' }, { signature: signedForStart }), 403);
    expect(await events(phone)).toEqual([]);
  });

  test('sign up (consent record, confirmation text), STOP: a marketing text is not sent; START restores; one TwiML reply each', async () => {
    const key = crypto.randomUUID();
    const started = Date.now();
    const response = await signUp(form(), { 'Idempotency-Key': key });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    // A retry with the same key is stored once; the same key with other details is refused.
    expect((await signUp(form(), { 'Idempotency-Key': key })).status).toBe(200);
    await expectRefused(await signUp(form({ name: 'Someone Else' }), { 'Idempotency-Key': key }), 422, /reused the key/);

    const phone = '+15125550142';
    const consents = await db.selectFrom('sms_consents').selectAll().where('phone', '=', phone).execute();
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ name: 'Dana Texter', status: 'active', disclosure_version: currentSmsDisclosure.version, disclosure_text: disclosureText(currentSmsDisclosure), source: 'web:/sms-signup', client_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(consents[0]!.disclosure_text).toMatch(/Economy Plumbing Services.*Msg & data rates may apply.*Reply HELP for help and STOP to cancel.*Consent is not a condition of purchase/);
    expect(new Date(consents[0]!.created_at).getTime()).toBeGreaterThanOrEqual(started - 1000);
    const [confirmation] = await twilio.waitForMessages(1);
    expect(confirmation).toMatchObject({ to: phone, from: twilio.env.TWILIO_FROM, body: smsReplies.signedUp });
    expect(await events(phone)).toEqual([{ event: 'opt_in', via: 'web-form' }]);

    await expectTwiml(await twilio.inbound(webhook, { From: phone, Body: 'Stop' }), smsReplies.stopped);
    // A marketing text queued after STOP: the scheduled worker does not send it, whatever the hour.
    const offer = await queueText(db, { to: phone, body: 'Spring drain special', topic: 'test-offer', category: 'marketing' });
    const { default: outboxWorker } = await import('../../netlify/functions/outbox-worker');
    expect(await (await outboxWorker()).json()).toMatchObject({ sent: 0, dead: 1 });
    expect(await db.selectFrom('outbox_messages').select(['status', 'last_error']).where('id', '=', offer).executeTakeFirst()).toMatchObject({ status: 'dead', last_error: expect.stringMatching(/opted out/) });
    expect(twilio.messages).toHaveLength(1);

    await expectTwiml(await twilio.inbound(webhook, { From: phone, Body: 'START' }), smsReplies.started);
    const again = await queueText(db, { to: phone, body: 'Spring drain special', topic: 'test-offer', category: 'marketing', notBefore: mondayMorning });
    expect(await deliverMessageNow(db, again, { mailer: mailerFromEnv(), texter: smsSenderFromEnv(), log, now: mondayMorning })).toEqual({ sent: 1, retrying: 0, dead: 0 });
    expect(twilio.messages.map((m) => m.body)).toEqual([smsReplies.signedUp, 'Spring drain special']);

    await expectTwiml(await twilio.inbound(webhook, { From: phone, Body: 'HELP' }), smsReplies.help);
    await expectTwiml(await twilio.inbound(webhook, { From: phone, Body: 'please unsubscribe' }), smsReplies.stopped);
    expect(await events(phone)).toEqual([{ event: 'opt_in', via: 'web-form' }, { event: 'opt_out', via: 'keyword' }, { event: 'opt_in', via: 'keyword' }, { event: 'opt_out', via: 'keyword' }]);

    // Staff see the texts in the outbox by their first words, the withheld one as suppressed.
    await upsertStaff(db, { email: `sms.staff.${kind}@example.com`, role: 'staff', addedBy: 'test' });
    const cookie = await staffSignIn(origin, process.env.MAIL_DIR!).signIn(`sms.staff.${kind}@example.com`);
    const listed = (await (await fetch(`${origin}/api/admin/outbox?status=all`, { headers: { Cookie: cookie } })).json()) as { rows: { id: number; subject: string; status: string; lastError: string | null }[] };
    expect(listed.rows.find((r) => r.id === offer)).toMatchObject({ subject: 'Text: Spring drain special', status: 'dead', lastError: expect.stringMatching(/^suppressed: /) });
    expect(listed.rows.map((r) => r.subject)).toContain(`Text: ${smsReplies.signedUp.slice(0, 80)}`);
  });

  test('the form is refused without consent, with a disclosure it never showed or a bad number; spam is kept and never texted', async () => {
    const texts = twilio.messages.length;
    await expectRefused(await signUp(form({ consent: undefined })), 400, /Tick the box/);
    await expectRefused(await signUp(form({ consent: false })), 400, /Tick the box/);
    await expectRefused(await signUp(form({ consent: 'yes' })), 400, /Tick the box/);
    await expectRefused(await signUp(form({ disclosureVersion: 'sms-1999-01-01' })), 400, /out of date/);
    await expectRefused(await signUp(form({ phone: '555-0142' })), 400, /10-digit US mobile number/);
    await expectRefused(await signUp(form({ phone: '(012) 555-0142' })), 400, /10-digit US mobile number/);
    await expectRefused(await signUp(form({ extra: 'field' })), 400);
    await expectRefused(await signUp(form({ name: 42 })), 400, /name/);
    await expectRefused(await signUp(form({ phone: ['5125550142'] })), 400, /phone|text/);
    await expectRefused(await signUp(form({ formStartTime: 'soon' })), 400, /Reload the page/);
    await expectRefused(await signUp(form({ disclosureVersion: { version: 1 } })), 400);
    for (const body of ['[]', 'null', '"text"', '42']) await expectRefused(await fetch(`${origin}/api/sms-signup`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body }), 400);
    await expectRefused(await signUp(form({ name: 'Nul\u0000Name' })), 400, /NUL/);
    await expectRefused(await fetch(`${origin}/api/sms-signup`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Origin: origin }, body: 'consent=yes' }), 415);
    await expectRefused(await fetch(`${origin}/api/sms-signup`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: '{"name":' }), 400);
    await expectRefused(await fetch(`${origin}/api/sms-signup`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ ...form(), name: 'x'.repeat(20_000) }) }), 413);
    await expectRefused(await fetch(`${origin}/api/sms-signup`), 405);
    expect(await db.selectFrom('sms_consents').select('id').where('name', '!=', 'Dana Texter').execute()).toEqual([]);

    expect((await signUp(form({ name: 'Bot', phone: '5125550177', website: 'https://spam.example' }))).status).toBe(200);
    expect((await signUp(form({ name: 'Fast Bot', phone: '5125550178', formStartTime: Date.now() }))).status).toBe(200);
    const spam = await db.selectFrom('sms_consents').select(['name', 'status', 'spam_reason']).where('status', '=', 'spam').orderBy('id').execute();
    expect(spam).toEqual([{ name: 'Bot', status: 'spam', spam_reason: 'trap' }, { name: 'Fast Bot', status: 'spam', spam_reason: 'too-fast' }]);
    expect(await events('+15125550177')).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(twilio.messages).toHaveLength(texts);
  });

  test('one number gets at most 2 confirmation texts a day, however often the form names it; each consent is still kept', async () => {
    await clearOfWindowEdge(confirmationWindowSeconds);
    const before = twilio.messages.length;
    for (let i = 0; i < 4; i++) expect((await signUp(form({ name: `Repeat ${i}`, phone: '512-555-0166' }), { 'Idempotency-Key': crypto.randomUUID() })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(twilio.messages.slice(before).filter((m) => m.to === '+15125550166')).toHaveLength(2);
    expect(await db.selectFrom('sms_consents').select('id').where('phone', '=', '+15125550166').execute()).toHaveLength(4);
  });

  test('more than 5 sign-ups from one client in 10 minutes get a 429, as for the lead form', async () => {
    await clearOfWindowEdge(leadRateLimit.windowSeconds);
    delete process.env.RATE_LIMIT_DISABLED;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await signUp(form({ name: `Limit ${i}`, website: 'trap' }), { 'x-nf-client-connection-ip': '203.0.113.77' })).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      process.env.RATE_LIMIT_DISABLED = '1';
    }
  });

  test('hostile posts to the webhook get a 4xx, never a 500', async () => {
    const post = (body: string, headers: Record<string, string>) => fetch(webhook, { method: 'POST', headers, body });
    const signed = (params: Record<string, string>) => twilioSignature(twilio.env.TWILIO_AUTH_TOKEN, webhook, params);
    await expectRefused(await post('From=%2B15125550100&Body=STOP', { 'Content-Type': 'application/json', 'X-Twilio-Signature': signed({ From: '+15125550100', Body: 'STOP' }) }), 415);
    await expectRefused(await twilio.inbound(webhook, { From: 'not-a-number', Body: 'STOP' }), 400, /E\.164/);
    await expectRefused(await twilio.inbound(webhook, { From: '+15125550100', Body: 'a\u0000b' }), 400);
    await expectRefused(await twilio.inbound(webhook, { From: '+15125550100', Body: 'x'.repeat(70_000) }), 413);
    await expectRefused(await post('%zz=%E0%A4%A&From', { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': 'x'.repeat(5000) }), 403);
    await expectRefused(await fetch(webhook), 405);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('+15125550160', '+15125550161')), fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('STOP', 'start', 'HELP', 'stop texting me')), async (from, body) => {
        const response = await twilio.inbound(webhook, { From: from, Body: body });
        expect([200, 400]).toContain(response.status);
        // One message, or none for an ordinary text from a number that opted out.
        if (response.status === 200) expect((await response.text()).match(/<Message>/g)?.length ?? 0).toBeLessThanOrEqual(1);
        else await response.body?.cancel();
      }),
      { numRuns: 40 },
    );
  });

  test('a portal sign-in code by text goes to the known customer\'s phone on file, the same answer for everyone, at most 3 an hour per number', async () => {
    await clearOfWindowEdge(signInTextWindowSeconds);
    const email = `texter.${kind}@example.com`;
    await db.insertInto('customers').values({ public_id: newPublicId(), name: 'Pat Texter', email, phone: '(512) 555-0188', phone_digits: '5125550188', company: null, property_type: null }).execute();
    await db.insertInto('customers').values({ public_id: newPublicId(), name: 'No Phone', email: `nophone.${kind}@example.com`, phone: null, phone_digits: null, company: null, property_type: null }).execute();
    const ask = (address: string) => fetch(`${origin}/api/portal/auth/email-otp/send-verification-otp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin, 'X-Sign-In-Code-By': 'sms' }, body: JSON.stringify({ email: address, type: 'sign-in' }) });
    const before = twilio.messages.length;

    const answers = [await ask(email), await ask('nobody.at.all@example.com'), await ask(`nophone.${kind}@example.com`)];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ success: true });
    }
    await twilio.waitForMessages(before + 1);
    expect(twilio.messages.slice(before).map((m) => m.to)).toEqual(['+15125550188']);
    const code = /sign-in code is (\d{6})/.exec(twilio.messages.at(-1)!.body)![1]!;
    expect(twilio.messages.at(-1)!.body).toContain(`@${new URL(origin).host} #${code}`);

    const signIn = await fetch(`${origin}/api/portal/auth/sign-in/email-otp`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ email, otp: code }) });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith('eps.portal_session='))).toBe(true);

    // Two more texts this hour, then no more, while the answer stays the same.
    for (let i = 0; i < 3; i++) expect((await ask(email)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(twilio.messages.slice(before).filter((m) => m.to === '+15125550188')).toHaveLength(3);

    // A number that replied STOP is not texted, even a code.
    await db.insertInto('customers').values({ public_id: newPublicId(), name: 'Stopped Texter', email: `stopped.${kind}@example.com`, phone: '512-555-0189', phone_digits: '5125550189', company: null, property_type: null }).execute();
    await expectTwiml(await twilio.inbound(webhook, { From: '+15125550189', Body: 'STOP' }), smsReplies.stopped);
    expect((await ask(`stopped.${kind}@example.com`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(twilio.messages.some((m) => m.to === '+15125550189')).toBe(false);
  });
});
