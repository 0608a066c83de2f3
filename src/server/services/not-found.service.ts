/** The 404 log: what a report from the 404 screen becomes. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { recordNotFoundHit } from '../repositories/not-found-hit.repository';

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

/** Counts one hit of a missing address; returns the path's new count. */
export async function recordNotFoundReport(db: Kysely<Database>, report: { requestedUrl: string; referrer?: string | undefined }): Promise<number> {
  return recordNotFoundHit(db, describeNotFoundReport(report));
}
