/**
 * Preferences and suppression on PGlite and PostgreSQL, checked when each message is SENT: a
 * suppressed or opted-out address gets nothing even when the email was queued before; transactional
 * email still reaches an unsubscribed address but not a hard-bounced one; a hard bounce at delivery
 * (SMTP 550 to RCPT TO) suppresses the address; a token changes only its own address; unsubscribing
 * from review requests (or all) and a bounce stop waiting review requests; the one-click headers
 * reach both the SMTP server and the .eml file.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
import { describeEachDatabase } from '../db/test-databases';
import { createLogger } from '../http/logger';
import { findPreferenceByEmail, findSuppression } from '../repositories/email-preference.repository';
import { insertCustomer } from '../repositories/customer.repository';
import { insertJob } from '../repositories/job.repository';
import { insertReviewRequest, newReviewToken } from '../repositories/review-request.repository';
import { queueCustomerEmail } from './customer-email';
import { deliveryBlock, maskEmail, oneClickUnsubscribe, preferencesForToken, requestPreferencesLink, savePreferences, suppressEmail } from './email-preferences';
import type { Mailer, OutgoingEmail } from './mail';
import { mailerFromEnv } from './mail';
import { deliverDueMessages, deliverMessageNow } from './outbox';
import { newPublicId } from './public-id';

const log = createLogger({}, { LOG_LEVEL: 'silent' });
const t0 = new Date('2026-11-29T15:00:00Z');
const reviewData = { first_name: 'Sam', service: 'Drain cleaning', review_link: 'https://example.com/leave-review/t', google_link: null, facebook_link: null, yelp_link: null };
const receiptData = { name: 'Sam', order_number: 'EPS-000777', phone: '(512) 555-0100', total: '$29.53', memberships: '', next_step: 'We will let you know when your order ships.', order_details: 'Total: $29.53' };

/** A mailer that records what it was asked to send. */
function recordingMailer(): Mailer & { sent: OutgoingEmail[] } {
  const sent: OutgoingEmail[] = [];
  return { kind: 'files', staffAddress: 'staff@localhost', from: 'Website <website@localhost>', sent, send: async (email) => void sent.push(email) };
}
const allOn = { reviewRequests: true, referralEmails: true, serviceReminders: true, offers: true, unsubscribedAll: false };

describeEachDatabase('email preferences and suppression', (db) => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer({ rejectRecipient: (address) => address.startsWith('gone') });
  });
  afterAll(async () => {
    await smtp.close();
  });

  const message = async (id: number) => db().selectFrom('outbox_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const tokenOf = async (email: string) => (await findPreferenceByEmail(db(), email))!.token;
  const waitingRequest = async (email: string) => {
    const customer = await insertCustomer(db(), { public_id: newPublicId(), name: 'Sam Waiting', email, phone: null, phone_digits: null, company: null, property_type: null });
    const job = await insertJob(db(), { public_id: newPublicId(), customer_id: customer.id, service_address_id: null, service: 'Drain cleaning', completed_at: t0, invoice_total_cents: 20000, paid_at: t0, source: 'admin', external_id: null, payload_hash: null, notes: null });
    return (await insertReviewRequest(db(), { public_id: newPublicId(), token: newReviewToken(), customer_id: customer.id, job_id: job.id, email, name: 'Sam Waiting', service: 'Drain cleaning', next_send_at: t0 }))!;
  };
  const requestStatus = async (id: number) => db().selectFrom('review_requests').select(['status', 'stop_reason', 'next_send_at']).where('id', '=', id).executeTakeFirstOrThrow();

  test('an address suppressed after its email was queued gets nothing; the message says why', async () => {
    const queued = await queueCustomerEmail(db(), { template: 'review-request', to: 'late.suppressed@example.com', data: reviewData, now: t0 });
    const receipt = await queueCustomerEmail(db(), { template: 'order-receipt', to: 'late.suppressed@example.com', data: receiptData, now: t0 });
    const request = await waitingRequest('Late.Suppressed@example.com');
    await suppressEmail(db(), 'LATE.suppressed@example.com ', 'complaint', 'feedback loop', t0);
    expect(await requestStatus(request.id)).toEqual({ status: 'stopped', stop_reason: 'suppressed', next_send_at: null });

    const mailer = recordingMailer();
    await deliverDueMessages(db(), { mailer, log, now: t0 });
    expect(mailer.sent.filter((m) => m.to === 'late.suppressed@example.com')).toEqual([]);
    for (const id of [queued.id, receipt.id]) {
      const row = await message(id);
      expect(row.status).toBe('dead');
      expect(row.last_error).toBe('suppressed: the recipient marked our email as spam');
    }
  });

  test('after "unsubscribe from all" optional emails already queued are not sent, transactional ones are', async () => {
    const review = await queueCustomerEmail(db(), { template: 'review-request', to: 'opted.out@example.com', data: reviewData, now: t0 });
    const renewal = await queueCustomerEmail(db(), { template: 'membership-renewal', to: 'opted.out@example.com', now: t0, data: { name: 'Sam', plan_name: 'Silver VIP', address: '1 Main St', ends_on: 'January 1, 2027', days_left: '30', renew_link: 'https://example.com/renew' } });
    const receipt = await queueCustomerEmail(db(), { template: 'order-receipt', to: 'opted.out@example.com', data: receiptData, now: t0 });
    const request = await waitingRequest('opted.out@example.com');
    await savePreferences(db(), await tokenOf('opted.out@example.com'), { ...allOn, unsubscribedAll: true }, t0);
    expect(await requestStatus(request.id)).toMatchObject({ status: 'stopped', stop_reason: 'unsubscribed' });

    const mailer = recordingMailer();
    for (const id of [review.id, renewal.id, receipt.id]) await deliverMessageNow(db(), id, { mailer, log, now: t0 });
    expect(mailer.sent.map((m) => m.subject)).toEqual(['Your receipt for order EPS-000777']);
    expect(await message(review.id)).toMatchObject({ status: 'dead', last_error: 'suppressed: the recipient unsubscribed from all emails' });
    expect(await message(renewal.id)).toMatchObject({ status: 'dead' });
    expect(await message(receipt.id)).toMatchObject({ status: 'sent' });
  });

  test('switching off one category blocks only that category, and switching it back on lets it through', async () => {
    await queueCustomerEmail(db(), { template: 'referral-reward', to: 'one.category@example.com', now: t0, data: { first_name: 'Sam', friend_first_name: 'Jo', credit: '$25', valid_until: 'May 1, 2027', valid_days: '180' } });
    const token = await tokenOf('one.category@example.com');
    expect(await oneClickUnsubscribe(db(), token, 'referral', t0)).toEqual({ category: 'referral', label: 'referral program emails' });
    expect(await deliveryBlock(db(), 'one.category@example.com', 'referral')).toBe('the recipient unsubscribed from referral program emails');
    expect(await deliveryBlock(db(), 'one.category@example.com', 'review_request')).toBeNull();
    expect(await preferencesForToken(db(), token)).toEqual({ email: 'on***@example.com', ...allOn, referralEmails: false });
    await savePreferences(db(), token, allOn, t0);
    expect(await deliveryBlock(db(), 'one.category@example.com', 'referral')).toBeNull();
  });

  test('a token changes only its own address; an unknown or malformed token changes nothing', async () => {
    await queueCustomerEmail(db(), { template: 'review-request', to: 'owner.a@example.com', data: reviewData, now: t0 });
    await queueCustomerEmail(db(), { template: 'review-request', to: 'owner.b@example.com', data: reviewData, now: t0 });
    const [a, b] = [await tokenOf('owner.a@example.com'), await tokenOf('owner.b@example.com')];
    expect(a).not.toBe(b);
    await savePreferences(db(), a, { ...allOn, reviewRequests: false }, t0);
    expect(await findPreferenceByEmail(db(), 'owner.a@example.com')).toMatchObject({ review_requests: false, changed_via: 'link' });
    expect(await findPreferenceByEmail(db(), 'owner.b@example.com')).toMatchObject({ review_requests: true, changed_via: null });
    const guessed = `${b.slice(0, -1)}${b.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [guessed, 'short', `${b}x`, "' or 1=1 --"]) {
      await expect(savePreferences(db(), bad, { ...allOn, unsubscribedAll: true }, t0)).rejects.toMatchObject({ status: 404 });
      await expect(oneClickUnsubscribe(db(), bad, 'review_request', t0)).rejects.toMatchObject({ status: 404 });
    }
    expect(await findPreferenceByEmail(db(), 'owner.b@example.com')).toMatchObject({ review_requests: true, unsubscribed_all: false });
  });

  test('a hard bounce at delivery suppresses the address: no retry, no later email, review requests stopped', async () => {
    const request = await waitingRequest('gone.mailbox@example.com');
    const first = await queueCustomerEmail(db(), { template: 'order-receipt', to: 'gone.mailbox@example.com', data: receiptData, now: t0 });
    const mailer = mailerFromEnv({ SMTP_URL: smtp.url, STAFF_EMAIL: 'office@example.com', MAIL_FROM: 'Website <website@example.com>' });
    expect(await deliverMessageNow(db(), first.id, { mailer, log, now: t0 })).toEqual({ sent: 0, retrying: 0, dead: 1 });
    expect((await message(first.id)).last_error).toMatch(/^hard bounce: .*550/);
    expect(await findSuppression(db(), 'gone.mailbox@example.com')).toMatchObject({ reason: 'hard_bounce' });
    expect(await requestStatus(request.id)).toMatchObject({ status: 'stopped', stop_reason: 'bounced' });

    // Even a transactional email is not tried again.
    const second = await queueCustomerEmail(db(), { template: 'order-receipt', to: 'gone.mailbox@example.com', data: receiptData, now: t0 });
    await deliverMessageNow(db(), second.id, { mailer, log, now: t0 });
    expect(await message(second.id)).toMatchObject({ status: 'dead', last_error: 'suppressed: the address hard-bounced earlier' });
    expect(smtp.received.filter((m) => m.to.includes('gone.mailbox@example.com'))).toEqual([]);
  });

  test('List-Unsubscribe headers reach the SMTP server and the local .eml file', async () => {
    const smtpMailer = mailerFromEnv({ SMTP_URL: smtp.url, STAFF_EMAIL: 'office@example.com', MAIL_FROM: 'Website <website@example.com>' });
    const viaSmtp = await queueCustomerEmail(db(), { template: 'review-request', to: 'headers.smtp@example.com', data: reviewData, now: t0 });
    expect((await deliverMessageNow(db(), viaSmtp.id, { mailer: smtpMailer, log, now: t0 })).sent).toBe(1);
    const raw = smtp.received.find((m) => m.to.includes('headers.smtp@example.com'))!.raw.replace(/\r?\n[ \t]+/g, ' ');
    const token = await tokenOf('headers.smtp@example.com');
    expect(raw).toContain(`List-Unsubscribe: <https://www.plumbersthatcare.com/api/email-preferences/one-click?token=${token}&category=review_request>`);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    const dir = await mkdtemp(path.join(tmpdir(), 'epl-mail-'));
    try {
      const viaFile = await queueCustomerEmail(db(), { template: 'review-request', to: 'headers.file@example.com', data: reviewData, now: t0 });
      expect((await deliverMessageNow(db(), viaFile.id, { mailer: mailerFromEnv({ MAIL_DIR: dir }), log, now: t0 })).sent).toBe(1);
      const [file] = await readdir(dir);
      const eml = (await readFile(path.join(dir, file!), 'utf8')).replace(/\n[ \t]+/g, ' ');
      expect(eml).toMatch(/^List-Unsubscribe: <https:\/\/www\.plumbersthatcare\.com\/api\/email-preferences\/one-click\?token=[A-Za-z0-9_-]{43}&category=review_request>$/m);
      expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('/unsubscribe emails only a known address (a customer or one with preferences)', async () => {
    expect(await requestPreferencesLink(db(), 'nobody.known@example.com', t0)).toBeNull();
    expect(await findPreferenceByEmail(db(), 'nobody.known@example.com')).toBeUndefined();
    await insertCustomer(db(), { public_id: newPublicId(), name: 'Known Customer', email: 'known.customer@example.com', phone: null, phone_digits: null, company: null, property_type: null });
    const id = await requestPreferencesLink(db(), ' Known.Customer@example.com', t0);
    const sent = await message(id!);
    expect(sent).toMatchObject({ category: 'transactional', audience: 'customer', topic: 'customer-preferences-link' });
    expect(sent.payload.to).toBe('known.customer@example.com');
    expect(sent.payload.text).toContain(`/email-preferences/${await tokenOf('known.customer@example.com')}`);
  });

  test('maskEmail hides most of the address', () => {
    expect(maskEmail('maria@example.com')).toBe('ma***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });
});
