/** Fixed-window counters per client and bucket, shared by every function instance through the database. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';

/** Counts one request in the window starting at `windowStart` and returns the window's count so far. */
export async function countRequest(db: Kysely<Database>, bucket: string, clientHash: string, windowStart: Date): Promise<number> {
  const row = await db
    .insertInto('rate_limit_counters')
    .values({ bucket, client_hash: clientHash, window_start: windowStart, hits: 1 })
    .onConflict((oc) => oc.columns(['bucket', 'client_hash', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_counters.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** Deletes windows that started before `before`; returns how many. */
export async function deleteOldCounters(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('rate_limit_counters').where('window_start', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
