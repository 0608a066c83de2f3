/** Leads: estimate and booking requests as stored, spam included (status 'spam'). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Lead, NewLead } from '../db/tables/lead.table';
import type { OutboxEmail } from '../db/tables/outbox-message.table';
import { phoneDigitsOf } from '../../lib/api/customer-fields';
import { customerIdMatching } from './customer.repository';

export type { Lead, NewLead };

/**
 * Inserts a lead unless its idempotency key is already stored. Returns the new row, or undefined
 * when the key existed (the caller then reads the stored lead with `findLeadByIdempotencyKey`).
 */
/** The lead's values, linked in the same statement to the customer with its email or phone (when there is one). */
const linked = (lead: NewLead) => ({ ...lead, customer_id: lead.customer_id ?? customerIdMatching(lead.email?.toLowerCase() ?? null, phoneDigitsOf(lead.phone)) });

export async function insertLead(db: Kysely<Database>, lead: NewLead): Promise<Lead | undefined> {
  const query = db.insertInto('leads').values(linked(lead));
  return (lead.idempotency_key ? query.onConflict((oc) => oc.column('idempotency_key').doNothing()) : query)
    .returningAll()
    .executeTakeFirst();
}

/** The outbox message to write with a lead. */
export interface LeadMessage {
  topic: string;
  payload: OutboxEmail;
  nextAttemptAt: Date;
}

/**
 * Inserts a lead and, when `message` is given, its outbox message, in one statement (so one
 * transaction: both or neither). Returns undefined when the idempotency key was already stored.
 */
export async function insertLeadWithMessage(db: Kysely<Database>, lead: NewLead, message: LeadMessage | null): Promise<{ lead: Lead; messageId: number | null } | undefined> {
  const withLead = db.with('new_lead', (qc) => {
    const insert = qc.insertInto('leads').values(linked(lead));
    return (lead.idempotency_key ? insert.onConflict((oc) => oc.column('idempotency_key').doNothing()) : insert).returningAll();
  });
  if (!message) {
    const row = await withLead.selectFrom('new_lead').selectAll().executeTakeFirst();
    return row && { lead: row as Lead, messageId: null };
  }
  const row = await withLead
    .with('new_message', (qc) =>
      qc
        .insertInto('outbox_messages')
        .columns(['topic', 'lead_id', 'payload', 'next_attempt_at'])
        .expression((eb) =>
          eb.selectFrom('new_lead').select([
            sql.val(message.topic).as('topic'),
            'new_lead.id',
            sql<string>`cast(${JSON.stringify(message.payload)} as jsonb)`.as('payload'),
            sql<Date>`cast(${message.nextAttemptAt.toISOString()} as timestamptz)`.as('next_attempt_at'),
          ]),
        )
        .returning(['id', 'lead_id']),
    )
    .selectFrom('new_lead')
    .innerJoin('new_message', 'new_message.lead_id', 'new_lead.id')
    .selectAll('new_lead')
    .select('new_message.id as message_id')
    .executeTakeFirst();
  if (!row) return undefined;
  const { message_id: messageId, ...stored } = row;
  return { lead: stored as Lead, messageId };
}

/** The lead stored under this idempotency key, or undefined. */
export async function findLeadByIdempotencyKey(db: Kysely<Database>, key: string): Promise<Lead | undefined> {
  return db.selectFrom('leads').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** The lead with this id, or undefined. */
export async function findLeadById(db: Kysely<Database>, id: number): Promise<Lead | undefined> {
  return db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest leads first (admin and tests). */
export async function listRecentLeads(db: Kysely<Database>, limit = 50): Promise<Lead[]> {
  return db.selectFrom('leads').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
