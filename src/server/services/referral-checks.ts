/**
 * Fraud and eligibility checks on a new referral. None refuses it: each adds a flag, and a flagged
 * referral waits for staff (approve, or mark ineligible with a reason) before any credit is issued.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { ReferralFlag } from '../db/tables/referral.table';
import { countReferralsFromClient, friendAlreadyReferred, hasCustomerWithJobs } from '../repositories/referral.repository';

/** Throwaway-inbox domains seen in form abuse; a small list on purpose (a flag, not a block). */
export const disposableEmailDomains = new Set([
  'mailinator.com', 'guerrillamail.com', 'guerrillamail.net', 'sharklasers.com', '10minutemail.com', 'temp-mail.org', 'tempmail.com',
  'yopmail.com', 'trashmail.com', 'getnada.com', 'dispostable.com', 'maildrop.cc', 'throwawaymail.com', 'fakeinbox.com', 'mintemail.com',
  'mohmal.com', 'emailondeck.com', 'spamgourmet.com', 'mailnesia.com', 'tempr.email', 'discard.email', 'burnermail.io',
]);

/** Referrals from one client within a day that make a burst (this one included). */
export const burstLimit = 3;
export const burstWindowMs = 24 * 60 * 60 * 1000;

export const isDisposableEmail = (email: string | null): boolean => !!email && disposableEmailDomains.has(email.split('@').pop()!.toLowerCase());

export interface ReferralCandidate {
  referrer: { id: number; email: string | null; phone_digits: string | null } | null;
  friendEmail: string | null;
  friendPhoneDigits: string | null;
  /** The customer the friend's email or phone matches, if any. */
  friendCustomerId: number | null;
  clientHash: string | null;
  now: Date;
}

export async function referralFlags(db: Kysely<Database>, candidate: ReferralCandidate): Promise<ReferralFlag[]> {
  const flags: ReferralFlag[] = [];
  const { referrer, friendEmail, friendPhoneDigits } = candidate;
  if (!referrer) flags.push('unknown-referrer');
  else if (
    (friendEmail && friendEmail === referrer.email) || (friendPhoneDigits && friendPhoneDigits === referrer.phone_digits) || candidate.friendCustomerId === referrer.id
  ) flags.push('self-referral');
  if (await hasCustomerWithJobs(db, friendEmail, friendPhoneDigits, referrer?.id ?? null)) flags.push('existing-customer');
  if (await friendAlreadyReferred(db, friendEmail, friendPhoneDigits)) flags.push('duplicate-friend');
  if (isDisposableEmail(friendEmail)) flags.push('disposable-email');
  if (candidate.clientHash) {
    const earlier = await countReferralsFromClient(db, candidate.clientHash, new Date(candidate.now.getTime() - burstWindowMs));
    if (earlier + 1 >= burstLimit) flags.push('burst');
  }
  return flags;
}
