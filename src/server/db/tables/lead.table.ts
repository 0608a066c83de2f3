/** The leads table: every estimate and booking request, including the ones judged to be spam. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export type LeadKind = 'estimate' | 'booking';
export const leadStatuses = ['new', 'contacted', 'scheduled', 'won', 'lost', 'spam'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
export type SpamReason = 'trap' | 'too-fast';

export interface LeadTable {
  id: Generated<number>;
  /** Short random reference the visitor is shown, e.g. "EPS-7K2M9Q". */
  reference: string;
  kind: LeadKind;
  status: Generated<LeadStatus>;
  spam_reason: SpamReason | null;
  name: string;
  phone: string;
  email: string | null;
  /** A lead service id (src/business/lead-choices.ts). */
  service: string | null;
  location: string | null;
  urgency: string | null;
  message: string | null;
  page_context: string;
  /** The tracking channel key from the visitor's traffic_source cookie (e.g. `google`); null: direct or unknown. */
  traffic_source: ColumnType<string | null, string | null | undefined, never>;
  /** Booking requests only. */
  zip: string | null;
  /** YYYY-MM-DD, booking requests only. */
  preferred_date: string | null;
  arrival_window: string | null;
  office_id: string | null;
  idempotency_key: string | null;
  /** SHA-256 of the submitted fields: the same key with other fields is refused. */
  request_hash: string;
  /** SHA-256 of the client address, never the address itself. */
  client_hash: string | null;
  /** Milliseconds between the form opening and the request arriving (capped at the integer range). */
  form_elapsed_ms: number | null;
  /** Staff's notes in the inbox. */
  staff_notes: string | null;
  status_changed_at: Date | null;
  status_changed_by: string | null;
  /** The customer with the same email or phone, linked when the lead arrives or when staff link it. */
  customer_id: ColumnType<number | null, number | null | undefined, number | null>;
  is_demo: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type Lead = Selectable<LeadTable>;
export type NewLead = Insertable<LeadTable>;
