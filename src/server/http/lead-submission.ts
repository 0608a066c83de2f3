/**
 * The HTTP side of taking in a lead, shared by /api/contact and /api/booking: the idempotency key,
 * the client address and rate limit settings in, the receipt or a clear error out, and the staff
 * notification's first delivery attempt started once the answer is decided.
 */
import type { Context } from '@netlify/functions';
import { austinOffice, marbleFallsOffice } from '../../business';
import { readCookie, trafficSourceCookie } from '../../lib/traffic-source';
import type { Env } from '../db/connect';
import { withDb } from '../db/connect';
import type { Lead } from '../db/tables/lead.table';
import { isDatabaseUnavailable } from '../db/unavailable';
import { recordLead, leadRateLimit, type LeadSubmission, type RateLimitPolicy } from '../services/leads';
import { mailerFromEnv } from '../services/mail';
import { countRequest } from '../repositories/rate-limit.repository';
import { deliverMessageNow } from '../services/outbox';
import { clientAddress } from './client-address';
import { readIdempotencyKey } from './idempotency';
import type { Logger } from './logger';
import { HttpError } from './response';

export const databaseDownText = `We could not save your request because our system is not answering right now. Please call us at ${austinOffice.phone} (Austin) or ${marbleFallsOffice.phone} (Marble Falls).`;
export const rateLimitedText = `You have sent several requests from this connection in the last few minutes, so we paused new ones. Please call us at ${austinOffice.phone}, or try again in 10 minutes.`;
export const keyReusedText = 'This request reused the key of an earlier, different request. Reload the page and send the form again.';

/** The lead rate limit, or null when RATE_LIMIT_DISABLED=1 (load tests); never disabled in production. */
export function rateLimitFor(env: Env, log: Logger): RateLimitPolicy | null {
  if (env.RATE_LIMIT_DISABLED !== '1') return leadRateLimit;
  if (env.CONTEXT === 'production') {
    log.warn('RATE_LIMIT_DISABLED is ignored in production');
    return leadRateLimit;
  }
  return null;
}

/**
 * Counts one request of `client` (its hash) in `bucket` and refuses it with a 429, Retry-After the
 * rest of the window, when the client is over the policy's limit; nothing without a policy (limits
 * off) or a client address.
 */
export async function refuseOverRateLimit(bucket: string, client: string | null, policy: Pick<RateLimitPolicy, 'limit' | 'windowSeconds'> | null, now = new Date()): Promise<void> {
  if (!policy || !client) return;
  const windowMs = policy.windowSeconds * 1000;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const hits = await withDb((db) => countRequest(db, bucket, client, new Date(windowStart)));
  if (hits > policy.limit) throw new HttpError(429, rateLimitedText, { headers: { 'Retry-After': String(Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000))) } });
}

/**
 * The tracking channel the visitor came from: the key the pre-paint script keeps in the
 * traffic_source cookie (SPEC §5). Anything that does not look like a channel key is not kept.
 */
export function trafficSourceOf(request: Request): string | null {
  const value = readCookie(request.headers.get('cookie') ?? '', trafficSourceCookie);
  return value && /^[a-z0-9][a-z0-9_-]{0,39}$/i.test(value) ? value.toLowerCase() : null;
}

export interface SubmissionRequest {
  request: Request;
  context: Context | undefined;
  log: Logger;
}

/** Starts the first delivery of a notification without holding the answer (Netlify keeps the function alive for it). */
export function deliverSoon(messageId: number, context: Context | undefined, log: Logger): Promise<void> | undefined {
  const task = (async () => {
    try {
      const mailer = mailerFromEnv();
      await withDb((db) => deliverMessageNow(db, messageId, { mailer, log }));
    } catch (error) {
      // The message stays pending; the scheduled worker tries again.
      log.error('immediate delivery failed', error, { messageId });
    }
  })();
  if (context?.waitUntil) {
    context.waitUntil(task);
    return undefined;
  }
  return task;
}

/**
 * Stores the lead (or finds the one an earlier try of the same request stored) and starts its staff
 * notification; throws the HttpError the visitor should read when it cannot. `fresh` is false for a replay.
 */
export async function storeLeadFromRequest(submission: LeadSubmission, { request, context, log }: SubmissionRequest, env: Env = process.env): Promise<{ lead: Lead; fresh: boolean }> {
  const idempotencyKey = readIdempotencyKey(request);
  let result;
  try {
    result = await withDb((db) =>
      recordLead(db, { ...submission, trafficSource: trafficSourceOf(request) }, {
        now: new Date(),
        idempotencyKey,
        clientAddress: clientAddress(request, context),
        clientHashSecret: env.CLIENT_HASH_SECRET,
        rateLimit: rateLimitFor(env, log),
      }),
    );
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    log.error('lead not stored: the database is unavailable', error, { kind: submission.kind });
    throw new HttpError(503, databaseDownText, { headers: { 'Retry-After': '60' } });
  }

  switch (result.outcome) {
    case 'rate-limited':
      log.warn('lead refused by the rate limit', { kind: submission.kind });
      throw new HttpError(429, rateLimitedText, { headers: { 'Retry-After': String(result.retryAfterSeconds) } });
    case 'key-reused':
      throw new HttpError(422, keyReusedText);
    case 'replayed':
      log.info('lead request replayed', { leadId: result.lead.id, kind: result.lead.kind });
      return { lead: result.lead, fresh: false };
    case 'stored':
      log.info('lead stored', { leadId: result.lead.id, kind: result.lead.kind, status: result.lead.status });
      if (result.messageId !== null) await deliverSoon(result.messageId, context, log);
      return { lead: result.lead, fresh: true };
  }
}

/** Stores the lead and answers with its reference, or throws the HttpError the visitor should read. */
export async function submitLead(submission: LeadSubmission, request: SubmissionRequest, env: Env = process.env): Promise<{ ok: true; reference: string }> {
  const { lead } = await storeLeadFromRequest(submission, request, env);
  return { ok: true, reference: lead.reference };
}
