/** The 404 log: one row per missing path, counted. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { NotFoundHit } from '../db/tables/not-found-hit.table';

export type { NotFoundHit };

/**
 * Counts one hit of `path` in a single statement (insert, or add 1 on conflict), so concurrent hits
 * are never lost. Keeps the latest address and the latest known referrer. Returns the new count.
 */
export async function recordNotFoundHit(
  db: Kysely<Database>,
  hit: { path: string; requestedUrl: string; referrer: string | null },
): Promise<number> {
  const row = await db
    .insertInto('not_found_hits')
    .values({ path: hit.path, last_requested_url: hit.requestedUrl, last_referrer: hit.referrer })
    .onConflict((oc) => oc.column('path').doUpdateSet({
      hits: sql<number>`not_found_hits.hits + 1`,
      last_requested_url: (eb) => eb.ref('excluded.last_requested_url'),
      last_referrer: sql<string | null>`coalesce(excluded.last_referrer, not_found_hits.last_referrer)`,
      last_seen_at: sql<Date>`now()`,
    }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** How many missing paths are logged. */
export async function countNotFoundPaths(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('not_found_hits').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findNotFoundHit(db: Kysely<Database>, path: string): Promise<NotFoundHit | undefined> {
  return db.selectFrom('not_found_hits').selectAll().where('path', '=', path).executeTakeFirst();
}

/** The most recently hit missing paths first. */
export async function listNotFoundHits(db: Kysely<Database>, limit = 100): Promise<NotFoundHit[]> {
  return db.selectFrom('not_found_hits').selectAll().orderBy('last_seen_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
