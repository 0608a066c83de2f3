/**
 * The reward: when a referred friend's first job of the minimum (src/business/referrals.ts) or more
 * is paid, their referral qualifies. An unflagged (or staff-approved) referral credits the referrer at
 * once and emails them through the outbox; a flagged one waits for staff. Called in the transaction
 * that saves a job (staff's edits, the CSV import and the jobs webhook all do), so a replayed or
 * re-imported job changes nothing: a referral qualifies once, and a referral has one credit at most.
 */
import type { Kysely } from 'kysely';
import { creditValidDays, qualifyingJobMinimumCents, referrerCreditCents } from '../../business/referrals';
import type { Database } from '../db/database';
import type { Job } from '../db/tables/job.table';
import type { Referral } from '../db/tables/referral.table';
import { recordAudit } from '../repositories/audit.repository';
import { insertOutboxMessage } from '../repositories/outbox.repository';
import { addressKeysOf, insertReferralCredit, lockOpenReferralForFriend, updateReferral } from '../repositories/referral.repository';
import { queueCustomerEmail } from './customer-email';
import { referrerCreditData, staffReferralReviewEmail } from './referral-emails';
import { firstNameOf } from './referral-codes';

const dayMs = 24 * 60 * 60 * 1000;

export const qualifiesForReward = (job: Pick<Job, 'paid_at' | 'invoice_total_cents'>): boolean =>
  job.paid_at !== null && job.invoice_total_cents !== null && job.invoice_total_cents >= qualifyingJobMinimumCents;

/** Waits for staff: flagged and not approved. */
export const needsReview = (referral: Pick<Referral, 'flags' | 'approved_at'>): boolean => referral.flags.length > 0 && referral.approved_at === null;

/** Issues the referrer's credit and queues their email; the referral becomes credited. */
export async function creditReferrer(trx: Kysely<Database>, referral: Referral, actor: string, now: Date): Promise<Referral> {
  if (referral.referrer_customer_id === null) throw new Error('a referral without a referrer cannot be credited');
  const referrer = await trx.selectFrom('customers').select(['name', 'email']).where('id', '=', referral.referrer_customer_id).executeTakeFirstOrThrow();
  const expiresAt = new Date(now.getTime() + creditValidDays * dayMs);
  const credit = await insertReferralCredit(trx, {
    customer_id: referral.referrer_customer_id, referral_id: referral.id, amount_cents: referrerCreditCents,
    reason: `Referral: ${firstNameOf(referral.friend_name)}'s first qualifying job was paid`, expires_at: expiresAt, created_by: actor, created_at: now,
  });
  const updated = await updateReferral(trx, referral.id, { status: 'credited', credited_at: now });
  if (credit && referrer.email) {
    await queueCustomerEmail(trx, {
      template: 'referral-reward', to: referrer.email, topic: 'customer-referral-credit', customerId: referral.referrer_customer_id, now,
      data: referrerCreditData(referrer.name, referral.friend_name, expiresAt),
    });
  }
  return updated;
}

/** After a job is saved: qualifies (and credits) the referral of the job's customer, once. */
export async function rewardReferralForJob(trx: Kysely<Database>, job: Job, now = new Date()): Promise<Referral | undefined> {
  if (!qualifiesForReward(job)) return undefined;
  const customer = await trx.selectFrom('customers').select(['id', 'email', 'phone_digits']).where('id', '=', job.customer_id).executeTakeFirstOrThrow();
  const referral = await lockOpenReferralForFriend(trx, customer);
  if (!referral) return undefined;

  // Self-referral by address: the job is at one of the referrer's own service addresses.
  let flags = referral.flags;
  if (referral.referrer_customer_id !== null && job.service_address_id !== null && !flags.includes('self-referral') && referral.approved_at === null) {
    const jobAddress = await trx.selectFrom('service_addresses').select('address_key').where('id', '=', job.service_address_id).executeTakeFirst();
    const referrerKeys = referral.referrer_customer_id === job.customer_id ? [] : await addressKeysOf(trx, referral.referrer_customer_id);
    if (jobAddress && referrerKeys.includes(jobAddress.address_key)) flags = [...flags, 'self-referral'];
  }
  const qualified = await updateReferral(trx, referral.id, { status: 'qualified', flags, qualifying_job_id: job.id, qualified_at: now, friend_customer_id: customer.id });
  await recordAudit(trx, { actor: 'system:referrals', action: 'referral.qualify', entity: 'referral', entityId: referral.public_id, after: { job: job.public_id, flags } });

  if (needsReview(qualified) || qualified.referrer_customer_id === null) {
    const referrerName = qualified.referrer_customer_id === null ? qualified.referrer_name ?? 'unknown'
      : (await trx.selectFrom('customers').select('name').where('id', '=', qualified.referrer_customer_id).executeTakeFirstOrThrow()).name;
    await insertOutboxMessage(trx, { topic: 'staff-referral-review', lead_id: null, payload: staffReferralReviewEmail(referrerName, qualified.friend_name, qualified.flags), next_attempt_at: now });
    return qualified;
  }
  const credited = await creditReferrer(trx, qualified, 'system:referrals', now);
  await recordAudit(trx, { actor: 'system:referrals', action: 'referral.credit', entity: 'referral', entityId: referral.public_id, after: { amountCents: referrerCreditCents } });
  return credited;
}
