/** Customer email: staff's template wording, each address's preferences, and the suppression list. */
import type { ColumnType, Generated, Selectable } from 'kysely';

export interface EmailTemplateTable {
  /** The template's key in code: 'review-request', 'order-receipt'. */
  key: string;
  subject: string;
  body: string;
  updated_by: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface EmailPreferenceTable {
  id: Generated<number>;
  /** Normalised: trimmed and lower-cased. */
  email: string;
  /** The capability in preferences and unsubscribe links, for this address only. */
  token: string;
  review_requests: Generated<boolean>;
  referral_emails: Generated<boolean>;
  service_reminders: Generated<boolean>;
  offers: Generated<boolean>;
  unsubscribed_all: Generated<boolean>;
  changed_via: 'link' | 'one-click' | null;
  changed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type SuppressionReason = 'hard_bounce' | 'complaint';

export interface EmailSuppressionTable {
  email: string;
  reason: SuppressionReason;
  detail: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type EmailTemplateRow = Selectable<EmailTemplateTable>;
export type EmailPreference = Selectable<EmailPreferenceTable>;
export type EmailSuppression = Selectable<EmailSuppressionTable>;
