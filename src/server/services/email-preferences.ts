/**
 * What each address agreed to receive, and who must get nothing. Preferences change only through
 * the address's own token (its links); /unsubscribe only emails that link to a known address. The
 * suppression list (hard bounces, complaints) blocks every customer email; "unsubscribe from all"
 * and a category switched off block everything but transactional messages. Both are checked when a
 * message is sent. Unsubscribing from review requests (or all), a bounce and a complaint also stop
 * every waiting review request for the address.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { SuppressionReason } from '../db/tables/email.table';
import type { OutboxCategory } from '../db/tables/outbox-message.table';
import {
  ensurePreference, findPreferenceByEmail, findPreferenceByToken, findSuppression, insertSuppression, normaliseEmail, updatePreferenceByToken,
  type EmailPreference, type PreferenceChoices,
} from '../repositories/email-preference.repository';
import { listCustomersByEmail } from '../repositories/customer.repository';
import { stopReviewRequestsForEmail } from '../repositories/review-request.repository';
import { HttpError } from '../http/response';
import { categoryLabels, queueCustomerEmail } from './customer-email';

/** The categories a person can switch off, and the preferences column of each. */
export const preferenceColumns = {
  review_request: 'review_requests',
  referral: 'referral_emails',
  service_reminder: 'service_reminders',
  marketing: 'offers',
} as const satisfies Partial<Record<OutboxCategory, keyof PreferenceChoices>>;
export type OptionalCategory = keyof typeof preferenceColumns;
export const optionalCategories = Object.keys(preferenceColumns) as OptionalCategory[];

export interface PreferencesView {
  /** The address, partly hidden (links get forwarded). */
  email: string;
  reviewRequests: boolean;
  referralEmails: boolean;
  serviceReminders: boolean;
  offers: boolean;
  unsubscribedAll: boolean;
}

/** "ma***@example.com": enough for the owner to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***@${domain}`;
}

export const preferencesView = (p: EmailPreference): PreferencesView => ({
  email: maskEmail(p.email), reviewRequests: p.review_requests, referralEmails: p.referral_emails, serviceReminders: p.service_reminders, offers: p.offers, unsubscribedAll: p.unsubscribed_all,
});

const unknownLink = () => new HttpError(404, 'This link does not open any email preferences: it may be incomplete. Open it again from the email, or ask for a new link on /unsubscribe.');

/** The preferences a link's token opens; a 404 for any other token. */
export async function preferencesForToken(db: Kysely<Database>, token: string): Promise<PreferencesView> {
  const found = await findPreferenceByToken(db, token);
  if (!found) throw unknownLink();
  return preferencesView(found);
}

async function afterChange(db: Kysely<Database>, updated: EmailPreference, now: Date): Promise<void> {
  if (updated.unsubscribed_all || !updated.review_requests) await stopReviewRequestsForEmail(db, updated.email, 'unsubscribed', now);
}

/** Saves the choices of the token's address (only that address). */
export async function savePreferences(db: Kysely<Database>, token: string, choices: Omit<PreferencesView, 'email'>, now = new Date()): Promise<PreferencesView> {
  return db.transaction().execute(async (trx) => {
    const updated = await updatePreferenceByToken(trx, token, {
      review_requests: choices.reviewRequests, referral_emails: choices.referralEmails, service_reminders: choices.serviceReminders, offers: choices.offers, unsubscribed_all: choices.unsubscribedAll,
    }, 'link', now);
    if (!updated) throw unknownLink();
    await afterChange(trx, updated, now);
    return preferencesView(updated);
  });
}

/** RFC 8058 one-click: switches off the message's category for the token's address. */
export async function oneClickUnsubscribe(db: Kysely<Database>, token: string, category: OptionalCategory, now = new Date()): Promise<{ category: OptionalCategory; label: string }> {
  return db.transaction().execute(async (trx) => {
    const updated = await updatePreferenceByToken(trx, token, { [preferenceColumns[category]]: false }, 'one-click', now);
    if (!updated) throw unknownLink();
    await afterChange(trx, updated, now);
    return { category, label: categoryLabels[category] };
  });
}

/**
 * /unsubscribe: a known address (a customer's, or one with a preferences row) is emailed the link to
 * its preferences; any other gets nothing. The caller answers the same either way. Returns the
 * outbox message id, or null.
 */
export async function requestPreferencesLink(db: Kysely<Database>, email: string, now = new Date()): Promise<number | null> {
  const normalised = normaliseEmail(email);
  const known = (await findPreferenceByEmail(db, normalised)) ?? ((await listCustomersByEmail(db, normalised)).length > 0 ? await ensurePreference(db, normalised) : undefined);
  if (!known) return null;
  const message = await queueCustomerEmail(db, { template: 'preferences-link', to: normalised, data: {}, topic: 'customer-preferences-link', now });
  return message.id;
}

/** Puts an address on the suppression list (a hard bounce or a complaint) and stops its review requests. */
export async function suppressEmail(db: Kysely<Database>, email: string, reason: SuppressionReason, detail: string | null, now = new Date()): Promise<void> {
  await insertSuppression(db, email, reason, detail, now);
  await stopReviewRequestsForEmail(db, email, reason === 'hard_bounce' ? 'bounced' : 'suppressed', now);
}

/**
 * Why a customer email of `category` must not go to `email` now, or null when it may. Transactional
 * messages go to anyone not on the suppression list.
 */
export async function deliveryBlock(db: Kysely<Database>, email: string, category: OutboxCategory): Promise<string | null> {
  const suppressed = await findSuppression(db, email);
  if (suppressed) return suppressed.reason === 'hard_bounce' ? 'the address hard-bounced earlier' : 'the recipient marked our email as spam';
  if (category === 'transactional') return null;
  const preference = await findPreferenceByEmail(db, email);
  if (!preference) return null;
  if (preference.unsubscribed_all) return 'the recipient unsubscribed from all emails';
  if (!preference[preferenceColumns[category]]) return `the recipient unsubscribed from ${categoryLabels[category]}`;
  return null;
}

/** Whether a customer email of `category` may go to `email` now (the same rule the outbox applies when sending). */
export async function mayEmailCustomer(db: Kysely<Database>, email: string, category: OutboxCategory): Promise<boolean> {
  return (await deliveryBlock(db, email, category)) === null;
}
