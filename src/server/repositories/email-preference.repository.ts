/** Email preferences per address (with the token their links carry), the suppression list and staff's template wording. */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { EmailPreference, EmailSuppression, EmailTemplateRow, SuppressionReason } from '../db/tables/email.table';

export type { EmailPreference, EmailSuppression, EmailTemplateRow };

/** One spelling per address: trimmed and lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** 32 random bytes, base64url (43 characters): cannot be guessed. */
export const newPreferenceToken = (): string => randomBytes(32).toString('base64url');

/** Tokens as they appear in a link; anything else is never looked up. */
export const preferenceTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export async function findPreferenceByEmail(db: Kysely<Database>, email: string): Promise<EmailPreference | undefined> {
  return db.selectFrom('email_preferences').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function findPreferenceByToken(db: Kysely<Database>, token: string): Promise<EmailPreference | undefined> {
  if (!preferenceTokenPattern.test(token)) return undefined;
  return db.selectFrom('email_preferences').selectAll().where('token', '=', token).executeTakeFirst();
}

/** The address's preferences row, made with everything on when it has none yet. */
export async function ensurePreference(db: Kysely<Database>, email: string): Promise<EmailPreference> {
  const normalised = normaliseEmail(email);
  const inserted = await db
    .insertInto('email_preferences')
    .values({ email: normalised, token: newPreferenceToken() })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await db.selectFrom('email_preferences').selectAll().where('email', '=', normalised).executeTakeFirstOrThrow());
}

export type PreferenceChoices = Pick<EmailPreference, 'review_requests' | 'referral_emails' | 'service_reminders' | 'offers' | 'unsubscribed_all'>;

/** Changes the row the token belongs to (and only that row); undefined when the token is unknown. */
export async function updatePreferenceByToken(db: Kysely<Database>, token: string, choices: Partial<PreferenceChoices>, via: 'link' | 'one-click', now: Date): Promise<EmailPreference | undefined> {
  if (!preferenceTokenPattern.test(token)) return undefined;
  return db.updateTable('email_preferences').set({ ...choices, changed_via: via, changed_at: now }).where('token', '=', token).returningAll().executeTakeFirst();
}

export async function findSuppression(db: Kysely<Database>, email: string): Promise<EmailSuppression | undefined> {
  return db.selectFrom('email_suppressions').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

/** Adds an address to the suppression list; the first reason recorded is kept. */
export async function insertSuppression(db: Kysely<Database>, email: string, reason: SuppressionReason, detail: string | null, now: Date): Promise<boolean> {
  const result = await db
    .insertInto('email_suppressions')
    .values({ email: normaliseEmail(email), reason, detail: detail?.slice(0, 500) ?? null, created_at: now })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function listTemplateOverrides(db: Kysely<Database>): Promise<EmailTemplateRow[]> {
  return db.selectFrom('email_templates').selectAll().execute();
}

export async function findTemplateOverride(db: Kysely<Database>, key: string): Promise<EmailTemplateRow | undefined> {
  return db.selectFrom('email_templates').selectAll().where('key', '=', key).executeTakeFirst();
}
