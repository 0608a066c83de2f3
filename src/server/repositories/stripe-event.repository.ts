/** Stripe events as received: each event id is stored once, and marked when it has been acted on. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

/** Stores the event id; false when it was stored before (a repeat delivery). */
export async function recordStripeEvent(db: Kysely<Database>, eventId: string, type: string): Promise<boolean> {
  const row = await db.insertInto('stripe_events').values({ event_id: eventId, type }).onConflict((oc) => oc.column('event_id').doNothing()).returning('event_id').executeTakeFirst();
  return row !== undefined;
}

/** The stored event, locked until the transaction ends. */
export async function lockStripeEvent(db: Kysely<Database>, eventId: string) {
  return db.selectFrom('stripe_events').selectAll().where('event_id', '=', eventId).forUpdate().executeTakeFirst();
}

export async function markStripeEventProcessed(db: Kysely<Database>, eventId: string, orderId: number | null, now: Date): Promise<void> {
  await db.updateTable('stripe_events').set({ processed_at: now, order_id: orderId }).where('event_id', '=', eventId).execute();
}
