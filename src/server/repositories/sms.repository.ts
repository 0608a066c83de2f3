/** Text-message consent records, the opt-in / opt-out history per number, and holding a queued text for later. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { NewSmsConsent, SmsConsent, SmsEvent, SmsEventVia, SmsSubscriptionEvent } from '../db/tables/sms.table';

export async function insertSmsConsent(db: Kysely<Database>, consent: NewSmsConsent): Promise<SmsConsent | undefined> {
  return db
    .insertInto('sms_consents')
    .values(consent)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findSmsConsentByIdempotencyKey(db: Kysely<Database>, key: string): Promise<SmsConsent | undefined> {
  return db.selectFrom('sms_consents').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export async function listSmsConsents(db: Kysely<Database>, phone: string): Promise<SmsConsent[]> {
  return db.selectFrom('sms_consents').selectAll().where('phone', '=', phone).orderBy('id').execute();
}

export async function recordSmsEvent(
  db: Kysely<Database>,
  event: { phone: string; event: SmsEvent; via: SmsEventVia; detail?: string | null; consentId?: number | null; at: Date },
): Promise<SmsSubscriptionEvent> {
  return db
    .insertInto('sms_subscription_events')
    .values({ phone: event.phone, event: event.event, via: event.via, detail: event.detail?.slice(0, 160) ?? null, consent_id: event.consentId ?? null, created_at: event.at })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The number's latest opt-in or opt-out, or undefined when it has none. */
export async function latestSmsEvent(db: Kysely<Database>, phone: string): Promise<SmsSubscriptionEvent | undefined> {
  return db.selectFrom('sms_subscription_events').selectAll().where('phone', '=', phone).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Every opt-in and opt-out of a number, oldest first. */
export async function listSmsEvents(db: Kysely<Database>, phone: string): Promise<SmsSubscriptionEvent[]> {
  return db.selectFrom('sms_subscription_events').selectAll().where('phone', '=', phone).orderBy('id').execute();
}

/**
 * Puts a claimed text back in the queue until `until` without counting the claim as an attempt:
 * a text held for the sending window has not failed.
 */
export async function holdOutboxMessage(db: Kysely<Database>, id: number, until: Date): Promise<void> {
  await db
    .updateTable('outbox_messages')
    .set((eb) => ({ next_attempt_at: until, locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}
