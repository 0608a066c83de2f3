/**
 * Staff's referral screen: the list, a decision on one referral (audited in the same transaction),
 * and the ledger (credits, and clicks and conversions per code).
 */
import type { Kysely } from 'kysely';
import type { adminReferralListContract, adminReferralReviewContract, CreditRow, ReferralRow } from '../../lib/api/admin/referrals.contract';
import type { QueryOf, RequestOf } from '../../lib/api/contract';
import type { Database } from '../db/database';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { codeStats, listCredits, listReferrals, lockCredit, lockReferralByPublicId, markCreditUsed, updateReferral } from '../repositories/referral.repository';
import { creditReferrer } from './referral-rewards';

export interface Actor { email: string; requestId: string }

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

type ListedReferral = Awaited<ReturnType<typeof listReferrals>>['rows'][number];

function referralView(row: ListedReferral): ReferralRow {
  return {
    id: row.public_id,
    createdAt: iso(row.created_at)!,
    source: row.source,
    status: row.status,
    flags: row.flags,
    code: row.code,
    referrer: {
      name: row.referrer_customer_name ?? row.referrer_name ?? 'Unknown',
      customerId: row.referrer_public_id,
      typed: row.referrer_name ? [row.referrer_name, row.referrer_email, row.referrer_phone].filter(Boolean).join(', ') : null,
    },
    friend: { name: row.friend_name, email: row.friend_email, phone: row.friend_phone },
    leadReference: row.lead_reference,
    job: row.job_public_id ? { id: row.job_public_id, totalCents: row.job_total_cents } : null,
    creditCents: row.credit_cents,
    approvedBy: row.approved_by,
    ineligibleReason: row.ineligible_reason,
  };
}

export async function listReferralsForStaff(db: Kysely<Database>, query: QueryOf<typeof adminReferralListContract>) {
  const { total, rows } = await listReferrals(db, query);
  return { rows: rows.map(referralView), total, page: query.page, pageSize: query.pageSize };
}

export async function reviewReferral(db: Kysely<Database>, publicId: string, input: RequestOf<typeof adminReferralReviewContract>, actor: Actor): Promise<ReferralRow> {
  return db.transaction().execute(async (trx) => {
    const referral = await lockReferralByPublicId(trx, publicId);
    if (!referral) throw appError('NotFound');
    const before = { status: referral.status, flags: referral.flags, approvedAt: iso(referral.approved_at) };
    const now = new Date();
    if (input.decision === 'ineligible') {
      const reason = input.reason?.trim() ?? '';
      if (reason.length < 3) throw new HttpError(400, 'Give a reason (at least 3 characters) for marking this referral ineligible; the audit log keeps it.', { fields: { reason: 'Give a reason.' } });
      if (referral.status === 'credited') throw new HttpError(409, 'This referral was already credited, so it cannot be marked ineligible. Reload the list to see it.');
      if (referral.status === 'ineligible') throw new HttpError(409, 'This referral is already marked ineligible.');
      await updateReferral(trx, referral.id, { status: 'ineligible', ineligible_reason: reason });
    } else {
      if (referral.status === 'credited' || referral.status === 'ineligible') throw new HttpError(409, `This referral is ${referral.status} already, so there is nothing to approve. Reload the list to see it.`);
      if (referral.referrer_customer_id === null) throw new HttpError(409, 'This referral has no known referrer, so no one can be credited. Link the referrer to a customer first, or mark it ineligible.');
      if (referral.status === 'pending' && referral.flags.length === 0) throw new HttpError(409, 'This referral has no flags: it credits the referrer by itself when the friend\'s first qualifying job is paid.');
      const approved = await updateReferral(trx, referral.id, { approved_at: now, approved_by: actor.email, ...(referral.status === 'flagged' ? { status: 'pending' as const } : {}) });
      if (approved.status === 'qualified') await creditReferrer(trx, approved, actor.email, now);
    }
    const view = referralView((await listReferrals(trx, { sort: 'created_at', dir: 'desc', page: 1, pageSize: 1, publicId })).rows[0]!);
    await recordAudit(trx, {
      actor: actor.email, action: input.decision === 'approve' ? 'referral.approve' : 'referral.ineligible', entity: 'referral', entityId: publicId,
      before, after: { status: view.status, reason: input.reason ?? null, creditCents: view.creditCents }, requestId: actor.requestId,
    });
    return view;
  });
}

const creditView = (c: Awaited<ReturnType<typeof listCredits>>[number]): CreditRow => ({
  id: c.id, customer: c.customer_name, customerId: c.customer_public_id, referralId: c.referral_public_id, amountCents: c.amount_cents, reason: c.reason,
  issuedAt: iso(c.created_at)!, expiresAt: iso(c.expires_at)!, usedAt: iso(c.used_at), usedNote: c.used_note, createdBy: c.created_by,
});

/** Records where a credit was used; audited. A used or expired credit is refused. */
export async function useCredit(db: Kysely<Database>, id: number, note: string, actor: Actor, now = new Date()): Promise<CreditRow> {
  return db.transaction().execute(async (trx) => {
    const credit = await lockCredit(trx, id);
    if (!credit) throw appError('NotFound');
    if (credit.used_at) throw new HttpError(409, 'This credit was used already. Reload the ledger to see where.');
    if (new Date(credit.expires_at).getTime() <= now.getTime()) throw new HttpError(409, 'This credit has expired, so it cannot be used.');
    await markCreditUsed(trx, id, note, now);
    await recordAudit(trx, { actor: actor.email, action: 'referral-credit.use', entity: 'referral_credit', entityId: id, before: { usedAt: null }, after: { usedAt: now.toISOString(), note }, requestId: actor.requestId });
    return creditView((await listCredits(trx, 1, id))[0]!);
  });
}

export async function referralLedger(db: Kysely<Database>) {
  const [credits, codes] = await Promise.all([listCredits(db), codeStats(db)]);
  return {
    credits: credits.map(creditView),
    codes: codes.map((c) => ({ code: c.code, customer: c.customer_name, customerId: c.customer_public_id, clicks: Number(c.clicks ?? 0), referrals: Number(c.referrals ?? 0), conversions: Number(c.conversions ?? 0) })),
  };
}
