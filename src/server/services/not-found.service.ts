/** The 404 log: what a report from the 404 screen becomes. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { offices } from '../../business';
import { HttpError } from '../http/response';
import { countNotFoundPaths, findNotFoundHit, recordNotFoundHit } from '../repositories/not-found-hit.repository';
import { countRequest } from '../repositories/rate-limit.repository';

/**
 * Bounds on the 404 log: reports per client in 10 minutes, and distinct paths kept. Over the path
 * cap, hits of paths already logged still count; new paths are not added until staff clear some.
 */
export const notFoundLimits = { perClient: 30, windowSeconds: 600, maxPaths: 5000 } as const;

/**
 * The row fields of one report: the path (the count's key) without query or fragment, the address
 * without its fragment, and only the origin and path of the referrer, since a referrer's query can
 * carry other sites' personal data.
 */
export function describeNotFoundReport(report: { requestedUrl: string; referrer?: string | undefined }): { path: string; requestedUrl: string; referrer: string | null } {
  const requestedUrl = report.requestedUrl.split('#')[0]!;
  const path = requestedUrl.split('?')[0] || '/';
  let referrer: string | null = null;
  if (report.referrer) {
    try {
      const url = new URL(report.referrer);
      if (url.protocol === 'http:' || url.protocol === 'https:') referrer = `${url.origin}${url.pathname}`.slice(0, 2048);
    } catch {
      // Not a URL: nothing worth keeping.
    }
  }
  return { path, requestedUrl, referrer };
}

/**
 * Counts one hit of a missing address; returns the path's new count (0 when the log is full and the
 * path is new). `clientHash` null lifts the per-client limit (RATE_LIMIT_DISABLED outside production).
 */
export async function recordNotFoundReport(
  db: Kysely<Database>,
  report: { requestedUrl: string; referrer?: string | undefined },
  clientHash: string | null,
  now = new Date(),
): Promise<number> {
  if (clientHash) {
    const windowMs = notFoundLimits.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    if ((await countRequest(db, 'not-found', clientHash, windowStart)) > notFoundLimits.perClient) {
      throw new HttpError(429, `We have already noted the missing pages you reported. If a link on our site is broken, please tell us at ${offices[0].phone}.`);
    }
  }
  const hit = describeNotFoundReport(report);
  if ((await countNotFoundPaths(db)) >= notFoundLimits.maxPaths && !(await findNotFoundHit(db, hit.path))) return 0;
  return recordNotFoundHit(db, hit);
}
