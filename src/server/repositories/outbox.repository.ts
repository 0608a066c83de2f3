/**
 * The outbox: messages written in the same transaction as what they announce, then claimed,
 * delivered and marked by a worker. A claim sets `locked_until`, so two workers never send one message.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { NewOutboxMessage, OutboxEmail, OutboxMessage } from '../db/tables/outbox-message.table';

export type { OutboxEmail, OutboxMessage };

/** A message to store: the payload as an object (it is stored as JSON). */
export type OutboxMessageInput = Omit<NewOutboxMessage, 'payload'> & { payload: OutboxEmail };

export async function insertOutboxMessage(db: Kysely<Database>, message: OutboxMessageInput): Promise<OutboxMessage> {
  return db
    .insertInto('outbox_messages')
    .values({ ...message, payload: JSON.stringify(message.payload) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface ClaimOptions {
  now: Date;
  /** How long the claim holds; a worker that dies mid-delivery frees the message after this. */
  lockMs: number;
  /** Claim only this message (the immediate attempt after a lead is stored). */
  id?: number;
  limit?: number;
}

/**
 * Claims pending messages that are due and not claimed by another worker, counting the attempt.
 * Returns the claimed rows (with `attempts` already increased).
 */
export async function claimDueMessages(db: Kysely<Database>, { now, lockMs, id, limit = 20 }: ClaimOptions): Promise<OutboxMessage[]> {
  const lockedUntil = new Date(now.getTime() + lockMs);
  return db
    .updateTable('outbox_messages')
    .set((eb) => ({ locked_until: lockedUntil, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('outbox_messages')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]));
      if (id !== undefined) due = due.where('id', '=', id);
      return due.orderBy('next_attempt_at').orderBy('id').limit(limit).forUpdate().skipLocked();
    })
    .returningAll()
    .execute();
}

export async function markMessageSent(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set({ status: 'sent', sent_at: now, locked_until: null, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Records a failed attempt: retried at `retryAt`, or marked dead (no more tries) when `retryAt` is null. */
export async function markMessageFailed(db: Kysely<Database>, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set(retryAt ? { last_error: error, next_attempt_at: retryAt, locked_until: null } : { last_error: error, status: 'dead', locked_until: null })
    .where('id', '=', id)
    .execute();
}

/** The messages announcing a lead, oldest first. */
export async function listMessagesForLead(db: Kysely<Database>, leadId: number): Promise<OutboxMessage[]> {
  return db.selectFrom('outbox_messages').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
}
