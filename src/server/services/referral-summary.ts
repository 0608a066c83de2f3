/**
 * A customer's side of the referral program, for the customer portal: their code and link (made on
 * first request), the friends they referred (first names and status only) and their credits.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { ReferralStatus } from '../db/tables/referral.table';
import { creditsOfCustomer, referralsOfReferrer } from '../repositories/referral.repository';
import { ensureReferralCode, firstNameOf, referralLink } from './referral-codes';

export interface CustomerReferralSummary {
  code: string;
  link: string;
  referrals: { id: string; friendFirstName: string; status: ReferralStatus; referredAt: string; creditedAt: string | null }[];
  credits: { amountCents: number; reason: string; issuedAt: string; expiresAt: string; usedAt: string | null; expired: boolean }[];
  /** Credits neither used nor expired. */
  availableCents: number;
}

export async function customerReferralSummary(db: Kysely<Database>, customerId: number, origin: string, now = new Date()): Promise<CustomerReferralSummary> {
  const code = await ensureReferralCode(db, customerId);
  const [referrals, credits] = await Promise.all([referralsOfReferrer(db, customerId), creditsOfCustomer(db, customerId)]);
  const creditViews = credits.map((c) => ({
    amountCents: c.amount_cents, reason: c.reason, issuedAt: new Date(c.created_at).toISOString(), expiresAt: new Date(c.expires_at).toISOString(),
    usedAt: c.used_at ? new Date(c.used_at).toISOString() : null, expired: new Date(c.expires_at).getTime() <= now.getTime(),
  }));
  return {
    code: code.code,
    link: referralLink(origin, code.code),
    referrals: referrals.map((r) => ({ id: r.public_id, friendFirstName: firstNameOf(r.friend_name), status: r.status, referredAt: new Date(r.created_at).toISOString(), creditedAt: r.credited_at ? new Date(r.credited_at).toISOString() : null })),
    credits: creditViews,
    availableCents: creditViews.filter((c) => !c.usedAt && !c.expired).reduce((sum, c) => sum + c.amountCents, 0),
  };
}
