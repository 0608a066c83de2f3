/** Tracking numbers: what GET /api/tracking-numbers and the build read, and what the seed writes. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { NewTrackingNumber, TrackingNumber } from '../db/tables/tracking-number.table';

export type { TrackingNumber };

/** Active channels in the order they are tried (sort_order, then id). */
export async function listActiveTrackingNumbers(db: Kysely<Database>): Promise<TrackingNumber[]> {
  return db.selectFrom('tracking_numbers').selectAll().where('is_active', '=', true).orderBy('sort_order').orderBy('id').execute();
}

export async function findTrackingNumber(db: Kysely<Database>, channelKey: string): Promise<TrackingNumber | undefined> {
  return db.selectFrom('tracking_numbers').selectAll().where('channel_key', '=', channelKey).executeTakeFirst();
}

/** Inserts a channel unless its key exists, so staff edits are never overwritten. Returns true when it inserted. */
export async function insertChannelIfMissing(db: Kysely<Database>, channel: Omit<NewTrackingNumber, 'id' | 'created_at' | 'updated_at'>): Promise<boolean> {
  const inserted = await db
    .insertInto('tracking_numbers')
    .values(channel)
    .onConflict((oc) => oc.column('channel_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Gives a channel a number, flagged is_demo, only while it has none. Returns true when it set one. */
export async function setDemoNumberIfEmpty(db: Kysely<Database>, channelKey: string, displayNumber: string, telLink: string): Promise<boolean> {
  const updated = await db
    .updateTable('tracking_numbers')
    .set({ display_number: displayNumber, tel_link: telLink, is_demo: true, updated_at: sql<Date>`now()` })
    .where('channel_key', '=', channelKey)
    .where('display_number', 'is', null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
