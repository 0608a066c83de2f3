/**
 * How many staff emails one client can cause in an hour (new leads, chat handoffs and rating
 * transcripts together). Over the cap what the visitor sent is still stored and shown in admin;
 * only the email is left out, so nobody can flood the office's inbox from one address.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { countRequest } from '../repositories/rate-limit.repository';

export const staffMailCap = { perClient: 10, windowSeconds: 3600 } as const;

/**
 * The switches that lift the lead and chat limits for load tests and the end-to-end suite
 * (RATE_LIMIT_DISABLED=1, CHAT_RATE_LIMIT=off) lift this cap too; never in production.
 */
export function staffMailCapLifted(env: Record<string, string | undefined>): boolean {
  return env.CONTEXT !== 'production' && (env.RATE_LIMIT_DISABLED === '1' || env.CHAT_RATE_LIMIT === 'off');
}

/**
 * Counts one staff email for `clientHash` in its own statement (never inside the request's
 * transaction, so a request that fails later still counts) and says whether it may be sent.
 */
export async function mayEmailStaff(db: Kysely<Database>, clientHash: string | null, now = new Date(), env: Record<string, string | undefined> = process.env): Promise<boolean> {
  if (!clientHash || staffMailCapLifted(env)) return true;
  const windowMs = staffMailCap.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return (await countRequest(db, 'staff-mail', clientHash, windowStart)) <= staffMailCap.perClient;
}
