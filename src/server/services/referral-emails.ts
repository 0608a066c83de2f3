/**
 * The referral program's emails: the merge data of the referrer's credit email (its wording is the
 * `referral-reward` template, customer-email-templates.ts), and staff's review notice.
 */
import { creditValidDays, referrerCreditCents } from '../../business/referrals';
import type { OutboxEmail } from '../db/tables/outbox-message.table';
import { compose, dollars } from './order-emails';
import { firstNameOf } from './referral-codes';

const day = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', month: 'long', day: 'numeric', year: 'numeric' }).format(at);

/** The `referral-reward` template's fields: the friend's first job is paid and the credit is the referrer's. */
export function referrerCreditData(referrerName: string, friendName: string, expiresAt: Date) {
  return { first_name: firstNameOf(referrerName), friend_first_name: firstNameOf(friendName), credit: dollars(referrerCreditCents), valid_until: day(expiresAt), valid_days: String(creditValidDays) };
}

/** To the office: a flagged referral's job is paid; it waits for a decision in /admin/referrals. */
export function staffReferralReviewEmail(referrerName: string, friendName: string, flags: readonly string[]): OutboxEmail {
  return compose('staff', `Referral waiting for review: ${friendName}`, [
    'A referred friend\'s first qualifying job is paid, but the referral was flagged, so no credit was issued. Approve it or mark it ineligible in /admin/referrals.',
  ], [['Referrer', referrerName], ['Friend', friendName], ['Flags', flags.join(', ')]]);
}
