/** The outbox: messages written in the same transaction as the row they announce, delivered afterwards. */
import type { ColumnType, Generated, Insertable, JSONColumnType, Selectable } from 'kysely';

export type OutboxStatus = 'pending' | 'sent' | 'dead';

/** An email as stored for delivery; `to: 'staff'` means the configured STAFF_EMAIL. */
export interface OutboxEmail {
  to: 'staff';
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
}

export interface OutboxMessageTable {
  id: Generated<number>;
  /** What kind of message: 'staff-lead-email'. */
  topic: string;
  lead_id: number | null;
  payload: JSONColumnType<OutboxEmail>;
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
