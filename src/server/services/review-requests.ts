/**
 * The review-request sequence. A completed job (from staff, a CSV import or the field-service
 * webhook) gives its customer one request, the morning after the job (never at night), then at most
 * two reminders, 3 and 7 days after the first email. A customer asked in the last 6 months is not
 * asked again; jobs finished long ago (history imported later) are never asked about. Each send is
 * claimed in the transaction that queues its email, so two runs never send a step twice, and every
 * send re-checks what may have changed since: a review left, an opt-out, a suppression, the master
 * switch. Every customer is offered the same options whatever their experience: there is no rating
 * gate anywhere in this sequence (FTC 16 CFR 465, Google's review policy).
 */
import { sql, type Kysely } from 'kysely';
import { addDays, officeDate } from '../../lib/booking/booking-days';
import { officeDateTime, officeHour } from '../../lib/office-time';
import type { Database } from '../db/database';
import type { Job } from '../db/tables/job.table';
import type { ReviewRequest, ReviewRequestStopReason } from '../db/tables/review-request.table';
import { insertReviewRequest, newReviewToken } from '../repositories/review-request.repository';
import { newPublicId } from './public-id';
import { deliveryBlock } from './email-preferences';
import { queueReviewRequestEmail } from './review-request-emails';
import { reviewSettings, type ReviewSettings } from './review-settings';

export const reviewRequestPolicy = {
  /** A customer asked within this many days is not asked again. */
  askAgainAfterDays: 183,
  /** Days after the first email that each reminder goes out. */
  reminderDays: [3, 7] as const,
  /** A job completed longer ago than this (imported history) gets no request. */
  recentJobDays: 14,
  /**
   * The hours (Central time) in which a step may go out: from 8 AM to 8 PM. The send hour staff
   * choose lies in it (8 AM–6 PM), so a step is normally sent then; a run that finds a step overdue
   * outside these hours (a late or retried run) moves it to the next send hour instead of sending it at night.
   */
  sendWindow: { fromHour: 8, untilHour: 20 },
} as const;

const dayMs = 86_400_000;

/** The next send hour after `now`: today's when it is still to come, else tomorrow's. */
export function nextSendHourAfter(now: Date, sendHour: number): Date {
  const today = officeDateTime(officeDate(now), sendHour);
  return today > now ? today : officeDateTime(addDays(officeDate(now), 1), sendHour);
}

/** Whether `now` is within the daytime hours in which a step may be sent (Central time). */
export function inSendWindow(now: Date): boolean {
  const hour = officeHour(now);
  return hour >= reviewRequestPolicy.sendWindow.fromHour && hour < reviewRequestPolicy.sendWindow.untilHour;
}

/** The first send: the morning after the job at the send hour, or the next send hour after `now` when that has passed. */
export function firstSendAt(completedAt: Date, now: Date, sendHour: number): Date {
  const morningAfter = officeDateTime(addDays(officeDate(completedAt), 1), sendHour);
  return morningAfter > now ? morningAfter : nextSendHourAfter(now, sendHour);
}

/** When the step after `sent` emails (1 or 2) goes out, counted from the first email's day. */
export function nextSendAfter(firstSentAt: Date, sent: number, sendHour: number): Date | null {
  const days = reviewRequestPolicy.reminderDays[sent - 1];
  return days === undefined ? null : officeDateTime(addDays(officeDate(firstSentAt), days), sendHour);
}

/**
 * Called in the transaction that saves a job: creates its request when the job is newly completed and
 * its customer can be asked. Returns the request when one was created.
 */
export async function scheduleReviewRequest(trx: Kysely<Database>, job: Job, now: Date = new Date()): Promise<ReviewRequest | undefined> {
  if (!job.completed_at) return undefined;
  const completedAt = new Date(job.completed_at);
  if (completedAt > new Date(now.getTime() + dayMs) || now.getTime() - completedAt.getTime() > reviewRequestPolicy.recentJobDays * dayMs) return undefined;
  const settings = await reviewSettings(trx);
  if (!settings.enabled) return undefined;
  const customer = await trx.selectFrom('customers').select(['id', 'name', 'email']).where('id', '=', job.customer_id).executeTakeFirst();
  const email = customer?.email?.trim();
  if (!customer || !email) return undefined;
  const since = new Date(now.getTime() - reviewRequestPolicy.askAgainAfterDays * dayMs);
  const asked = await trx
    .selectFrom('review_requests')
    .select('id')
    .where((w) => w.or([w('customer_id', '=', customer.id), w(sql<string>`lower(email)`, '=', email.toLowerCase())]))
    .where('created_at', '>', since)
    .executeTakeFirst();
  if (asked) return undefined;
  return insertReviewRequest(trx, {
    public_id: newPublicId(), token: newReviewToken(), customer_id: customer.id, job_id: job.id, email, name: customer.name, service: job.service,
    next_send_at: firstSendAt(completedAt, now, settings.sendHour), created_at: now, updated_at: now,
  });
}

export type MayEmail = (db: Kysely<Database>, email: string) => Promise<{ ok: true } | { ok: false; reason: ReviewRequestStopReason }>;

/** The address's preferences and the suppression list, as the outbox will check them again at delivery. */
export const mayGetReviewRequests: MayEmail = async (db, email) => {
  const block = await deliveryBlock(db, email, 'review_request');
  if (block === null) return { ok: true };
  return { ok: false, reason: /bounced/.test(block) ? 'bounced' : /spam/.test(block) ? 'suppressed' : 'unsubscribed' };
};

export interface SendOptions {
  now: Date;
  siteUrl: string;
  /** Whether this address may get review requests now; the preferences and suppression list unless a test says otherwise. */
  mayEmail?: MayEmail;
  limit?: number;
}

export interface SendOutcome {
  sent: number;
  stopped: number;
  /** Steps found due outside the daytime window and moved to the next send hour. */
  deferred: number;
  messageIds: number[];
}

async function stop(trx: Kysely<Database>, id: number, reason: ReviewRequestStopReason, now: Date): Promise<void> {
  await trx.updateTable('review_requests').set({ status: 'stopped', stop_reason: reason, next_send_at: null, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Sends the next step of one request, inside `trx`, after re-checking what may have changed since it
 * was scheduled (a review or an opt-out moves the row out of 'waiting' at once; the switch and the
 * address's preferences are read now). Returns the outbox message id, or null when it stopped instead.
 */
async function sendStep(trx: Kysely<Database>, request: ReviewRequest, settings: ReviewSettings, options: SendOptions): Promise<number | null> {
  const { now } = options;
  if (!settings.enabled) {
    await stop(trx, request.id, 'switched-off', now);
    return null;
  }
  const allowed = await (options.mayEmail ?? mayGetReviewRequests)(trx, request.email);
  if (!allowed.ok) {
    await stop(trx, request.id, allowed.reason, now);
    return null;
  }
  const step = request.step + 1;
  const messageId = await queueReviewRequestEmail(trx, request, step, settings, options.siteUrl);
  const firstSentAt = request.first_sent_at ? new Date(request.first_sent_at) : now;
  const next = nextSendAfter(firstSentAt, step, settings.sendHour);
  await trx
    .updateTable('review_requests')
    .set({ step, first_sent_at: firstSentAt, last_sent_at: now, next_send_at: next, status: next ? 'waiting' : 'done', updated_at: now })
    .where('id', '=', request.id)
    .execute();
  return messageId;
}

/** Staff's "send now" for a request not yet sent: the first email goes at once and the reminders follow from today. */
export async function sendReviewStepNow(trx: Kysely<Database>, request: ReviewRequest, settings: ReviewSettings, options: SendOptions): Promise<number> {
  const messageId = await sendStep(trx, request, { ...settings, enabled: true }, options);
  if (messageId === null) throw new Error('The review request could not be sent: the address may not receive review requests.');
  return messageId;
}

/**
 * Sends every step that is due at `now`. Run hourly by netlify/functions/review-requests.ts. At night
 * (outside `reviewRequestPolicy.sendWindow`) nothing is sent: each due step moves to the next send hour.
 */
export async function sendDueReviewRequests(db: Kysely<Database>, options: SendOptions): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: 0, stopped: 0, deferred: 0, messageIds: [] };
  const settings = await reviewSettings(db);
  if (!inSendWindow(options.now)) {
    const deferred = await db
      .updateTable('review_requests')
      .set({ next_send_at: nextSendHourAfter(options.now, settings.sendHour), updated_at: options.now })
      .where('status', '=', 'waiting')
      .where('next_send_at', '<=', options.now)
      .returning('id')
      .execute();
    outcome.deferred = deferred.length;
    return outcome;
  }
  const due = await db
    .selectFrom('review_requests')
    .select('id')
    .where('status', '=', 'waiting')
    .where('next_send_at', '<=', options.now)
    .orderBy('next_send_at')
    .limit(options.limit ?? 200)
    .execute();
  for (const { id } of due) {
    await db.transaction().execute(async (trx) => {
      // Another run may hold or have sent this one: skip it rather than wait, and re-read what it left.
      const request = await trx.selectFrom('review_requests').selectAll().where('id', '=', id).where('status', '=', 'waiting').where('next_send_at', '<=', options.now).forUpdate().skipLocked().executeTakeFirst();
      if (!request) return;
      const messageId = await sendStep(trx, request, settings, options);
      if (messageId === null) outcome.stopped += 1;
      else {
        outcome.sent += 1;
        outcome.messageIds.push(messageId);
      }
    });
  }
  return outcome;
}
