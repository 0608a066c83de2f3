/** The outbox: messages written in the same transaction as the row they announce, delivered afterwards. */
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable } from 'kysely';

export type OutboxStatus = 'pending' | 'sent' | 'dead';
export type OutboxChannel = 'email' | 'sms';
export type OutboxAudience = 'staff' | 'customer';
/** Transactional messages (receipts, sign-in codes) go to anyone not hard-suppressed; the rest honour preferences. */
export type OutboxCategory = 'transactional' | 'review_request' | 'referral' | 'service_reminder' | 'marketing';

/** An email as stored for delivery; `to: 'staff'` means the configured STAFF_EMAIL, anything else is the customer's address. */
export interface OutboxEmail {
  to: 'staff' | (string & {});
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Extra headers for customer email (List-Unsubscribe, List-Unsubscribe-Post), passed to every mailer. */
  headers?: Record<string, string>;
}

export interface OutboxMessageTable {
  id: Generated<number>;
  /** What kind of message: 'staff-lead-email'. */
  topic: string;
  lead_id: number | null;
  /** The store order the message is about (receipts, staff notices). */
  order_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The customer a customer email is for, when known. */
  customer_id: ColumnType<number | null, number | null | undefined, number | null>;
  payload: JSONColumnType<OutboxEmail>;
  channel: Generated<OutboxChannel>;
  audience: Generated<OutboxAudience>;
  category: Generated<OutboxCategory>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Set while a worker delivers the message, so two workers never send it twice. */
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export type OutboxMessage = Selectable<OutboxMessageTable>;
export type NewOutboxMessage = Insertable<OutboxMessageTable>;
