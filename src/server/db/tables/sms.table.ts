/** Text-message consent: sign-up records and the opt-in / opt-out history of each number. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface SmsConsentTable {
  id: Generated<number>;
  /** E.164, e.g. +15125550100. */
  phone: string;
  name: string;
  /** 'spam': the form's trap was filled or it was sent too fast; kept, never texted, never an opt-in. */
  status: ColumnType<'active' | 'spam', 'active' | 'spam' | undefined, never>;
  spam_reason: string | null;
  /** Which disclosure the form showed (lib/sms/program.ts) and its exact words. */
  disclosure_version: string;
  disclosure_text: string;
  /** Where consent was given, e.g. 'web:/sms-signup'. */
  source: string;
  client_hash: string | null;
  idempotency_key: string | null;
  request_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type SmsEvent = 'opt_in' | 'opt_out';
export type SmsEventVia = 'web-form' | 'keyword' | 'carrier';

export interface SmsSubscriptionEventTable {
  id: Generated<number>;
  phone: string;
  event: SmsEvent;
  via: SmsEventVia;
  detail: string | null;
  consent_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type SmsConsent = Selectable<SmsConsentTable>;
export type NewSmsConsent = Insertable<SmsConsentTable>;
export type SmsSubscriptionEvent = Selectable<SmsSubscriptionEventTable>;
