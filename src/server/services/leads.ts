/**
 * Taking in a lead (an estimate or booking request). The lead is stored before anything else can
 * fail: in one transaction with the outbox message that tells the office, so a stored lead always
 * has its notification on the way. Spam is stored too, marked, and never notified. A repeated
 * idempotency key gets the first answer again; a client over the rate limit is refused.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Lead, LeadKind, NewLead, SpamReason } from '../db/tables/lead.table';
import { findLeadByIdempotencyKey, insertLeadWithMessage } from '../repositories/lead.repository';
import { countRequest } from '../repositories/rate-limit.repository';
import { mayEmailStaff } from './staff-mail-cap';
import { clientHash } from './client-hash';
import { leadNotificationEmail } from './lead-notification';

/** A request as the contract validated it, with the kind and (for bookings) the serving office. */
export interface LeadSubmission {
  kind: LeadKind;
  name: string;
  phone: string;
  email?: string | undefined;
  service?: string | undefined;
  location?: string | undefined;
  urgency?: string | undefined;
  message?: string | undefined;
  pageContext: string;
  /** The tracking channel the visitor came from (their traffic_source cookie), when it names one. */
  trafficSource?: string | null | undefined;
  zip?: string | undefined;
  preferredDate?: string | undefined;
  arrivalWindow?: string | undefined;
  officeId?: string | undefined;
  website?: string | undefined;
  formStartTime: number;
}

export interface RateLimitPolicy {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface SubmissionContext {
  now: Date;
  idempotencyKey?: string | undefined;
  /** The client's network address; only its keyed hash is stored. */
  clientAddress?: string | undefined;
  /** Secret for hashing addresses (CLIENT_HASH_SECRET); a fixed local value otherwise. */
  clientHashSecret?: string | undefined;
  /** null: no rate limit (RATE_LIMIT_DISABLED=1 outside production, for load tests). */
  rateLimit: RateLimitPolicy | null;
}

export type RecordOutcome =
  | { outcome: 'stored'; lead: Lead; messageId: number | null }
  | { outcome: 'replayed'; lead: Lead }
  | { outcome: 'key-reused' }
  | { outcome: 'rate-limited'; retryAfterSeconds: number };

/** Issue 4: a form sent under 3 s after it opened was not filled in by a person. */
export const minimumFillMs = 3000;

/** The default limit: 5 lead requests per client per 10 minutes. */
export const leadRateLimit: RateLimitPolicy = { bucket: 'leads', limit: 5, windowSeconds: 600 };

/**
 * Why a submission is spam, or undefined. A filled trap, or a form sent under 3 s after it opened.
 * A start time in the future (the visitor's clock runs ahead) is not held against them.
 */
export function spamReason(submission: Pick<LeadSubmission, 'website' | 'formStartTime'>, now: Date): SpamReason | undefined {
  if (submission.website && submission.website.trim() !== '') return 'trap';
  const elapsed = now.getTime() - submission.formStartTime;
  if (elapsed >= 0 && elapsed < minimumFillMs) return 'too-fast';
  return undefined;
}

const blankToNull = (value: string | undefined) => (value === undefined || value.trim() === '' ? null : value);

/** What a lead says, normalised: the same details always give the same hash, whatever the form's timing. */
export function requestHash(submission: LeadSubmission): string {
  const fields = [
    submission.kind, submission.name, submission.phone, submission.email, submission.service, submission.location,
    submission.urgency, submission.message, submission.pageContext, submission.zip, submission.preferredDate,
    submission.arrivalWindow,
  ].map((v) => blankToNull(v));
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

// Crockford's base 32 without I, L, O and U: nothing to misread over the phone.
export const referenceAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** "EPS-7K2M9Q": what the visitor and staff quote. */
export function newReference(): string {
  let code = '';
  for (let i = 0; i < 6; i++) code += referenceAlphabet[randomInt(referenceAlphabet.length)];
  return `EPS-${code}`;
}

const isUniqueViolation = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

async function replay(db: Kysely<Database>, key: string, hash: string): Promise<RecordOutcome | undefined> {
  const existing = await findLeadByIdempotencyKey(db, key);
  if (!existing) return undefined;
  return existing.request_hash === hash ? { outcome: 'replayed', lead: existing } : { outcome: 'key-reused' };
}

/**
 * Stores a lead and its staff notification, or answers why it did not (replay, key reuse, rate
 * limit). Two round trips on the usual path: the rate-limit count, then one statement that writes
 * the lead and its outbox message together. A replay is recognised by the key's conflict.
 */
export async function recordLead(db: Kysely<Database>, submission: LeadSubmission, context: SubmissionContext): Promise<RecordOutcome> {
  const hash = requestHash(submission);
  const key = context.idempotencyKey;

  const client = context.clientAddress ? clientHash(context.clientAddress, context.clientHashSecret) : null;
  if (context.rateLimit && client) {
    const { bucket, limit, windowSeconds } = context.rateLimit;
    const windowMs = windowSeconds * 1000;
    const windowStart = Math.floor(context.now.getTime() / windowMs) * windowMs;
    const hits = await countRequest(db, bucket, client, new Date(windowStart));
    if (hits > limit) {
      // A retry of a request already stored still gets its answer.
      const earlier = key ? await replay(db, key, hash) : undefined;
      return earlier ?? { outcome: 'rate-limited', retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - context.now.getTime()) / 1000)) };
    }
  }

  const spam = spamReason(submission, context.now);
  // Over the hourly cap of staff emails per client the lead is stored all the same, without an email.
  const emailStaff = !spam && (await mayEmailStaff(db, client, context.now));
  const elapsed = context.now.getTime() - submission.formStartTime;
  for (let attempt = 0; ; attempt++) {
    const lead = {
      reference: newReference(),
      kind: submission.kind,
      status: spam ? 'spam' : 'new',
      spam_reason: spam ?? null,
      name: submission.name,
      phone: submission.phone,
      email: blankToNull(submission.email),
      service: blankToNull(submission.service),
      location: blankToNull(submission.location),
      urgency: blankToNull(submission.urgency),
      message: blankToNull(submission.message),
      page_context: submission.pageContext,
      traffic_source: submission.trafficSource ?? null,
      zip: blankToNull(submission.zip),
      preferred_date: blankToNull(submission.preferredDate),
      arrival_window: blankToNull(submission.arrivalWindow),
      office_id: blankToNull(submission.officeId),
      idempotency_key: key ?? null,
      request_hash: hash,
      client_hash: client,
      form_elapsed_ms: Math.max(-2_147_483_648, Math.min(2_147_483_647, elapsed)),
      created_at: context.now,
    } satisfies NewLead;
    const message = !emailStaff ? null : { topic: 'staff-lead-email', payload: leadNotificationEmail(lead), nextAttemptAt: context.now };
    try {
      const stored = await insertLeadWithMessage(db, lead, message);
      if (stored) return { outcome: 'stored', ...stored };
      // The key was stored already: by an earlier try of this request, or by another request.
      return (await replay(db, key!, hash)) ?? { outcome: 'key-reused' };
    } catch (error) {
      // A reference that collided with an earlier one: draw another (the odds are about one in a billion).
      if (isUniqueViolation(error) && attempt < 2) continue;
      throw error;
    }
  }
}
