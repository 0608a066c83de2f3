/** /admin/referrals' state: the referral list (server-sorted and filtered), the ledger, and decisions. */
import { atom } from 'nanostores';
import { adminReferralCreditUseContract, adminReferralLedgerContract, adminReferralListContract, adminReferralReviewContract, type CreditRow, type ReferralRow } from '../../lib/api/admin/referrals.contract';
import { callContract } from '../../lib/api/client';
import type { QueryOf, ReadOf } from '../../lib/api/contract';
import { handleAdminError } from './session.store';

export type ReferralQuery = QueryOf<typeof adminReferralListContract>;
export const $referralQuery = atom<ReferralQuery>({ page: 1, pageSize: 25, sort: 'created_at', dir: 'desc' });
export const $referrals = atom<{ status: 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminReferralListContract>; message: string }>({ status: 'loading', message: '' });
export const $ledger = atom<ReadOf<typeof adminReferralLedgerContract> | null>(null);
/** What the last decision said, for the live region. */
export const $referralNotice = atom('');

export async function loadReferrals(): Promise<void> {
  $referrals.set({ ...$referrals.get(), status: 'loading' });
  try {
    $referrals.set({ status: 'ready', data: await callContract(adminReferralListContract, $referralQuery.get()), message: '' });
  } catch (error) {
    $referrals.set({ status: 'error', message: handleAdminError(error) });
  }
}

export async function loadLedger(): Promise<void> {
  try {
    $ledger.set(await callContract(adminReferralLedgerContract, undefined as never));
  } catch (error) {
    $referralNotice.set(handleAdminError(error));
  }
}

export function setReferralQuery(change: Partial<ReferralQuery>): void {
  $referralQuery.set({ ...$referralQuery.get(), page: 1, ...change });
  void loadReferrals();
}

/** Approves a referral or marks it ineligible; answers the error sentence, or null when it worked. */
export async function reviewReferral(row: ReferralRow, decision: 'approve' | 'ineligible', reason?: string): Promise<string | null> {
  try {
    const next = await callContract(adminReferralReviewContract, { decision, ...(reason ? { reason } : {}) }, undefined, { id: row.id });
    const data = $referrals.get().data;
    if (data) $referrals.set({ ...$referrals.get(), data: { ...data, rows: data.rows.map((r) => (r.id === next.id ? next : r)) } });
    $referralNotice.set(`Referral of ${next.friend.name}: ${next.status}${next.creditCents ? `, ${next.referrer.name} credited` : ''}.`);
    void loadLedger();
    return null;
  } catch (error) {
    return handleAdminError(error);
  }
}

/** Records where a credit was used; answers the error sentence, or null when it worked. */
export async function markCreditUsed(credit: CreditRow, note: string): Promise<string | null> {
  try {
    const next = await callContract(adminReferralCreditUseContract, { note }, undefined, { id: credit.id });
    const ledger = $ledger.get();
    if (ledger) $ledger.set({ ...ledger, credits: ledger.credits.map((c) => (c.id === next.id ? next : c)) });
    $referralNotice.set(`Credit of ${next.customer} marked used.`);
    return null;
  } catch (error) {
    return handleAdminError(error);
  }
}
