import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import { insertCustomer } from '../repositories/customer.repository';
import { insertJob } from '../repositories/job.repository';
import { markReviewRequestReviewed, saveReviewSettings, stopReviewRequestsForEmail } from '../repositories/review-request.repository';
import { ensurePreference, updatePreferenceByToken } from '../repositories/email-preference.repository';
import { suppressEmail } from './email-preferences';
import { recordIncomingJob } from './jobs';
import { newPublicId } from './public-id';
import { firstSendAt, inSendWindow, nextSendAfter, nextSendHourAfter, scheduleReviewRequest, sendDueReviewRequests } from './review-requests';

const site = 'https://www.plumbersthatcare.com';
const at = (iso: string) => new Date(iso);

test('the first email goes the morning after the job at the send hour, Texas time, never at night', () => {
  // Completed 11:30 PM Tuesday Dec 1 in Austin (05:30 UTC Wednesday): 9 AM Wednesday.
  expect(firstSendAt(at('2026-12-02T05:30:00Z'), at('2026-12-02T05:31:00Z'), 9).toISOString()).toBe('2026-12-02T15:00:00.000Z');
  // Completed 2 PM: 9 AM the next day, not the same evening.
  expect(firstSendAt(at('2026-12-01T20:00:00Z'), at('2026-12-01T20:05:00Z'), 9).toISOString()).toBe('2026-12-02T15:00:00.000Z');
  // Recorded late (the morning after has passed): the next 9 AM after now.
  expect(firstSendAt(at('2026-12-01T20:00:00Z'), at('2026-12-03T16:00:00Z'), 9).toISOString()).toBe('2026-12-04T15:00:00.000Z');
  expect(firstSendAt(at('2026-12-01T20:00:00Z'), at('2026-12-03T13:00:00Z'), 9).toISOString()).toBe('2026-12-03T15:00:00.000Z');
  // Reminders 3 and 7 days after the first email, at the send hour; none after the third email.
  expect(nextSendAfter(at('2026-12-02T15:00:00Z'), 1, 9)?.toISOString()).toBe('2026-12-05T15:00:00.000Z');
  expect(nextSendAfter(at('2026-12-02T15:00:00Z'), 2, 9)?.toISOString()).toBe('2026-12-09T15:00:00.000Z');
  expect(nextSendAfter(at('2026-12-02T15:00:00Z'), 3, 9)).toBeNull();
});

test('steps go out only from 8 AM to 8 PM Central, daylight saving included; outside it the next send hour is the next morning\'s', () => {
  // December (CST, UTC-6): 7:59 AM no, 8 AM yes, 7:59 PM yes, 8 PM no.
  expect(inSendWindow(at('2026-12-03T13:59:00Z'))).toBe(false);
  expect(inSendWindow(at('2026-12-03T14:00:00Z'))).toBe(true);
  expect(inSendWindow(at('2026-12-04T01:59:00Z'))).toBe(true);
  expect(inSendWindow(at('2026-12-04T02:00:00Z'))).toBe(false);
  // July (CDT, UTC-5): 8 AM is 13:00 UTC.
  expect(inSendWindow(at('2026-07-01T12:59:00Z'))).toBe(false);
  expect(inSendWindow(at('2026-07-01T13:00:00Z'))).toBe(true);
  // 9:30 PM: tomorrow's send hour; 6 AM: today's.
  expect(nextSendHourAfter(at('2026-12-04T03:30:00Z'), 10).toISOString()).toBe('2026-12-04T16:00:00.000Z');
  expect(nextSendHourAfter(at('2026-12-04T12:00:00Z'), 9).toISOString()).toBe('2026-12-04T15:00:00.000Z');
});

describeEachDatabase('review requests', (db) => {
  let n = 0;
  async function completedJob(completedAt: Date, email: string | null = `customer${++n}@example.com`, service = 'Water heater replacement') {
    const customer = await insertCustomer(db(), { public_id: newPublicId(), name: 'Rosa Vega', email, phone: null, phone_digits: null, company: null, property_type: null });
    const job = await insertJob(db(), {
      public_id: newPublicId(), customer_id: customer.id, service_address_id: null, service, completed_at: completedAt, invoice_total_cents: 45_000,
      paid_at: null, source: 'admin', external_id: null, payload_hash: null, notes: null,
    });
    return { customer, job };
  }
  const outboxFor = (email: string) =>
    db().selectFrom('outbox_messages').select(['topic', 'payload', 'audience', 'category']).where('topic', 'like', 'review-%').execute()
      .then((rows) => rows.filter((r) => r.payload.to === email));
  const requestOf = (jobId: number) => db().selectFrom('review_requests').selectAll().where('job_id', '=', jobId).executeTakeFirstOrThrow();
  const send = (now: string) => sendDueReviewRequests(db(), { now: at(now), siteUrl: site });

  test('a completed job gets the request the next morning, then two reminders, then nothing', async () => {
    const { job, customer } = await completedJob(at('2026-12-01T20:00:00Z'));
    const request = (await scheduleReviewRequest(db(), job, at('2026-12-01T20:01:00Z')))!;
    expect(request).toMatchObject({ status: 'waiting', step: 0, email: customer.email, service: 'Water heater replacement' });
    expect(new Date(request.next_send_at!).toISOString()).toBe('2026-12-02T15:00:00.000Z');

    await send('2026-12-02T14:59:00Z');
    expect(await outboxFor(customer.email!)).toHaveLength(0);

    await send('2026-12-02T15:05:00Z');
    let emails = await outboxFor(customer.email!);
    expect(emails.map((e) => e.topic)).toEqual(['review-request']);
    expect(emails[0]).toMatchObject({ audience: 'customer', category: 'review_request' });
    expect(emails[0]!.payload.text).toContain(`${site}/leave-review/${request.token}`);
    // Everyone is offered the same places to write it: our form and the public profiles.
    expect(emails[0]!.payload.text).toContain('facebook.com');
    expect(emails[0]!.payload.text).toContain('yelp.com');
    expect(await requestOf(job.id)).toMatchObject({ step: 1, status: 'waiting' });

    // A second run in the same hour sends nothing twice.
    await send('2026-12-02T15:30:00Z');
    expect(await outboxFor(customer.email!)).toHaveLength(1);

    await send('2026-12-05T15:05:00Z');
    await send('2026-12-09T15:05:00Z');
    emails = await outboxFor(customer.email!);
    expect(emails.map((e) => e.topic)).toEqual(['review-request', 'review-reminder-1', 'review-reminder-2']);
    expect(await requestOf(job.id)).toMatchObject({ step: 3, status: 'done', next_send_at: null });

    await send('2026-12-30T15:05:00Z');
    expect(await outboxFor(customer.email!)).toHaveLength(3);
  });

  test('a review left after the first email stops the reminders', async () => {
    const { job, customer } = await completedJob(at('2026-12-01T20:00:00Z'));
    const request = (await scheduleReviewRequest(db(), job, at('2026-12-01T20:01:00Z')))!;
    await send('2026-12-02T15:05:00Z');
    const review = await db().insertInto('reviews').values({ rating: 5, text: 'Quick and tidy.', author_name: 'Rosa V.', profile_photo_url: null, relative_time: null, source: 'email_link', timestamp: 1_764_700_000, external_id: null }).returning('id').executeTakeFirstOrThrow();
    await markReviewRequestReviewed(db(), request.id, review.id, at('2026-12-03T01:00:00Z'));
    await send('2026-12-05T15:05:00Z');
    await send('2026-12-09T15:05:00Z');
    expect((await outboxFor(customer.email!)).map((e) => e.topic)).toEqual(['review-request']);
    expect(await requestOf(job.id)).toMatchObject({ status: 'reviewed', stop_reason: 'review', review_id: review.id });
  });

  test('an unsubscribe between steps stops them, and the send-time check stops a request the address opted out of', async () => {
    const first = await completedJob(at('2026-12-01T20:00:00Z'));
    await scheduleReviewRequest(db(), first.job, at('2026-12-01T20:01:00Z'));
    await send('2026-12-02T15:05:00Z');
    expect(await stopReviewRequestsForEmail(db(), first.customer.email!.toUpperCase(), 'unsubscribed', at('2026-12-03T12:00:00Z'))).toBe(1);
    await send('2026-12-05T15:05:00Z');
    expect((await outboxFor(first.customer.email!)).map((e) => e.topic)).toEqual(['review-request']);
    expect(await requestOf(first.job.id)).toMatchObject({ status: 'stopped', stop_reason: 'unsubscribed' });

    const second = await completedJob(at('2026-12-01T20:00:00Z'));
    await scheduleReviewRequest(db(), second.job, at('2026-12-01T20:01:00Z'));
    const outcome = await sendDueReviewRequests(db(), { now: at('2026-12-02T15:05:00Z'), siteUrl: site, mayEmail: async () => ({ ok: false, reason: 'suppressed' }) });
    expect(outcome.sent).toBe(0);
    expect(await outboxFor(second.customer.email!)).toHaveLength(0);
    expect(await requestOf(second.job.id)).toMatchObject({ status: 'stopped', stop_reason: 'suppressed' });
  });

  test('at each send the real preferences and suppression list are read: an opt-out or a bounce stops the sequence', async () => {
    const optedOut = await completedJob(at('2026-12-01T20:00:00Z'));
    const bounced = await completedJob(at('2026-12-01T20:00:00Z'));
    await scheduleReviewRequest(db(), optedOut.job, at('2026-12-01T20:01:00Z'));
    await scheduleReviewRequest(db(), bounced.job, at('2026-12-01T20:01:00Z'));
    const preference = await ensurePreference(db(), optedOut.customer.email!);
    await updatePreferenceByToken(db(), preference.token, { review_requests: false }, 'link', at('2026-12-01T22:00:00Z'));
    await suppressEmail(db(), bounced.customer.email!, 'hard_bounce', '550 no such user', at('2026-12-01T22:00:00Z'));
    await send('2026-12-02T15:05:00Z');
    expect(await outboxFor(optedOut.customer.email!)).toHaveLength(0);
    expect(await outboxFor(bounced.customer.email!)).toHaveLength(0);
    expect(await requestOf(optedOut.job.id)).toMatchObject({ status: 'stopped', stop_reason: 'unsubscribed' });
    expect(await requestOf(bounced.job.id)).toMatchObject({ status: 'stopped', stop_reason: 'bounced' });
  });

  test('no request for a customer asked in the last 6 months, without an email, for old history, or with the switch off', async () => {
    const { job, customer } = await completedJob(at('2026-12-01T20:00:00Z'));
    expect(await scheduleReviewRequest(db(), job, at('2026-12-01T20:01:00Z'))).toBeDefined();
    const again = await insertJob(db(), { public_id: newPublicId(), customer_id: customer.id, service_address_id: null, service: 'Drain cleaning', completed_at: at('2027-03-01T20:00:00Z'), invoice_total_cents: 20_000, paid_at: null, source: 'admin', external_id: null, payload_hash: null, notes: null });
    expect(await scheduleReviewRequest(db(), again, at('2027-03-01T20:01:00Z'))).toBeUndefined();
    // The same job saved twice (an edit) keeps its one request.
    expect(await scheduleReviewRequest(db(), job, at('2026-12-01T21:00:00Z'))).toBeUndefined();

    const noEmail = await completedJob(at('2026-12-01T20:00:00Z'), null);
    expect(await scheduleReviewRequest(db(), noEmail.job, at('2026-12-01T20:01:00Z'))).toBeUndefined();
    const history = await completedJob(at('2026-06-01T20:00:00Z'));
    expect(await scheduleReviewRequest(db(), history.job, at('2026-12-01T20:01:00Z'))).toBeUndefined();
    const notDone = await completedJob(at('2026-12-01T20:00:00Z'));
    expect(await scheduleReviewRequest(db(), { ...notDone.job, completed_at: null }, at('2026-12-01T20:01:00Z'))).toBeUndefined();

    await saveReviewSettings(db(), { enabled: false, sendHour: 9, links: { google: null, facebook: null, yelp: null } }, 'owner@example.com', at('2026-12-01T00:00:00Z'));
    try {
      const off = await completedJob(at('2026-12-01T20:00:00Z'));
      expect(await scheduleReviewRequest(db(), off.job, at('2026-12-01T20:01:00Z'))).toBeUndefined();
    } finally {
      await db().deleteFrom('review_settings').execute();
    }
  });

  test('switching requests off stops waiting ones at their send time instead of sending them late', async () => {
    const { job, customer } = await completedJob(at('2026-12-01T20:00:00Z'));
    await scheduleReviewRequest(db(), job, at('2026-12-01T20:01:00Z'));
    await saveReviewSettings(db(), { enabled: false, sendHour: 10, links: { google: null, facebook: null, yelp: null } }, 'owner@example.com', at('2026-12-01T21:00:00Z'));
    try {
      await send('2026-12-02T15:05:00Z');
      expect(await outboxFor(customer.email!)).toHaveLength(0);
      expect(await requestOf(job.id)).toMatchObject({ status: 'stopped', stop_reason: 'switched-off' });
    } finally {
      await db().deleteFrom('review_settings').execute();
    }
  });

  test('a job completed through the webhook path schedules its request in the same transaction', async () => {
    const now = new Date();
    const recorded = await db().transaction().execute((trx) => recordIncomingJob(trx, {
      externalId: `FS-${newPublicId()}`, customer: { name: 'Lee Park', email: 'lee.park@example.com', phone: '5125550199', company: null }, address: null,
      service: 'Leak repair', completedAt: new Date(now.getTime() - 60_000), invoiceTotalCents: 30_000, paidAt: null, notes: null,
    }, 'webhook'));
    expect(await requestOf(recorded.job.id)).toMatchObject({ status: 'waiting', step: 0, email: 'lee.park@example.com', service: 'Leak repair' });
  });

  test('two runs at once send each step once', async () => {
    const { job, customer } = await completedJob(at('2026-12-01T20:00:00Z'), 'twice@example.com');
    await scheduleReviewRequest(db(), job, at('2026-12-01T20:01:00Z'));
    await Promise.all([send('2026-12-02T15:05:00Z'), send('2026-12-02T15:05:00Z')]);
    expect(await outboxFor(customer.email!)).toHaveLength(1);
  });

  test('a run at night sends nothing: what is due moves to the next morning\'s send hour, and goes out then', async () => {
    const { job, customer } = await completedJob(at('2026-12-01T20:00:00Z'), 'night.owl@example.com');
    const request = (await scheduleReviewRequest(db(), job, at('2026-12-01T20:01:00Z')))!;
    expect(new Date(request.next_send_at!).toISOString()).toBe('2026-12-02T15:00:00.000Z');

    // The 9 AM run was missed; a late run at 9:30 PM finds it overdue and leaves it for the morning.
    const late = await send('2026-12-03T03:30:00Z');
    expect(late).toMatchObject({ sent: 0, messageIds: [] });
    expect(late.deferred).toBeGreaterThanOrEqual(1);
    expect(await outboxFor(customer.email!)).toHaveLength(0);
    expect(await requestOf(job.id)).toMatchObject({ status: 'waiting', step: 0 });
    expect(new Date((await requestOf(job.id)).next_send_at!).toISOString()).toBe('2026-12-03T15:00:00.000Z');
    // A retry at 3 AM and a run at 6 AM: still nothing.
    await send('2026-12-03T09:00:00Z');
    await send('2026-12-03T12:00:00Z');
    expect(await outboxFor(customer.email!)).toHaveLength(0);
    // 9 AM: sent, and the reminders count from this first email.
    await send('2026-12-03T15:05:00Z');
    expect((await outboxFor(customer.email!)).map((e) => e.topic)).toEqual(['review-request']);
    expect(new Date((await requestOf(job.id)).next_send_at!).toISOString()).toBe('2026-12-06T15:00:00.000Z');

    // A reminder found overdue at 7:30 AM waits for the 9 AM send hour of the same day.
    await send('2026-12-07T13:30:00Z');
    expect(await outboxFor(customer.email!)).toHaveLength(1);
    expect(new Date((await requestOf(job.id)).next_send_at!).toISOString()).toBe('2026-12-07T15:00:00.000Z');
    await send('2026-12-07T15:01:00Z');
    expect((await outboxFor(customer.email!)).map((e) => e.topic)).toEqual(['review-request', 'review-reminder-1']);
  });
});
