/**
 * Chat limits per session and per IP address, counted in the database (fixed windows, the same
 * counters as the lead limit: rate-limit.repository.ts), so they hold across function instances.
 * The outbox worker clears old windows. `CHAT_RATE_LIMIT=off` lifts them for load tests; it is
 * ignored in production (CONTEXT=production).
 */
import type { Kysely } from 'kysely';
import { offices } from '../../../business';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/response';
import { countRequest } from '../../repositories/rate-limit.repository';

export const chatLimits = {
  /** Chat messages: 30 per session and 60 per IP address in 10 minutes. */
  messages: { perSession: 30, perIp: 60, windowSeconds: 600 },
  /** Image uploads: 5 per session and 10 per IP address in an hour. */
  uploads: { perSession: 5, perIp: 10, windowSeconds: 3600 },
  /** Feedback and ratings: 60 per conversation and 120 per IP address in 10 minutes. */
  signals: { perSession: 60, perIp: 120, windowSeconds: 600 },
} as const;

export type ChatLimit = keyof typeof chatLimits;

const phones = offices.map((o) => `${o.phone} (${o.name})`).join(' or ');
const tooMany: Record<ChatLimit, string> = {
  messages: `You have sent a lot of messages in a short time. Please wait a few minutes, or call us at ${phones}.`,
  uploads: `You have sent several photos in the last hour. Please wait a while before sending another, or call us at ${phones}.`,
  signals: `We have received a lot of feedback from you in a short time. Please wait a few minutes, or call us at ${phones}.`,
};

export function rateLimitsLifted(env: Record<string, string | undefined> = process.env): boolean {
  return env.CHAT_RATE_LIMIT === 'off' && env.CONTEXT !== 'production';
}

/**
 * Counts one request against the session's and the IP address's windows; throws a 429 with
 * Retry-After when either is over its limit.
 */
export async function enforceChatLimit(
  db: Kysely<Database>,
  limit: ChatLimit,
  subject: { session: string; ipHash: string },
  env: Record<string, string | undefined> = process.env,
  now = new Date(),
): Promise<void> {
  if (rateLimitsLifted(env)) return;
  const { perSession, perIp, windowSeconds } = chatLimits[limit];
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [sessionHits, ipHits] = await Promise.all([
    countRequest(db, `chat-${limit}`, `session:${subject.session}`, windowStart),
    countRequest(db, `chat-${limit}`, `ip:${subject.ipHash}`, windowStart),
  ]);
  if (sessionHits > perSession || ipHits > perIp) {
    const retryAfter = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
    throw new HttpError(429, tooMany[limit], { headers: { 'Retry-After': String(retryAfter) } });
  }
}
