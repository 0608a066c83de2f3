/**
 * Taking in referrals. A referral link (/ref/{code} or /referred-by/{customer public id}) records a
 * click; the offer form and /refer-a-friend store the friend as a lead first (the lead pipeline:
 * stored before anything else, staff notified through the outbox), then the referral that links the
 * lead to its referrer, with the checks' flags. A spam lead makes no referral; a replayed form finds
 * the referral its first try made.
 */
import type { Kysely } from 'kysely';
import { phoneDigitsOf } from '../../lib/api/customer-fields';
import type { Database } from '../db/database';
import type { Referral, ReferralSource } from '../db/tables/referral.table';
import { findCustomerByContact, findCustomerByPublicId } from '../repositories/customer.repository';
import { findCodeWithReferrer, findReferralByLead, hasClickSince, insertClick, insertReferral } from '../repositories/referral.repository';
import { newPublicId } from './public-id';
import { referralFlags } from './referral-checks';
import { ensureReferralCode, firstNameOf, normaliseReferralCode } from './referral-codes';
import { queueCustomerEmail } from './customer-email';
import { referralTerms } from '../../business/referrals';

/** A second click on the same link from the same client within this time is the same visit. */
export const visitWindowMs = 30 * 60 * 1000;

const publicIdPattern = /^[A-Za-z0-9_-]{20,64}$/;

/**
 * The code a referral link stands for, after recording the click (once per visit); null for an
 * unknown code or customer, which still shows the offer page, without a name.
 */
export async function landOnReferralLink(db: Kysely<Database>, link: { landing: 'ref' | 'referred-by'; value: string; clientHash: string | null; now: Date }): Promise<string | null> {
  let codeId: number;
  let code: string;
  if (link.landing === 'ref') {
    const normalised = normaliseReferralCode(link.value);
    const found = normalised ? await findCodeWithReferrer(db, normalised) : undefined;
    if (!found) return null;
    ({ code_id: codeId, code } = found);
  } else {
    if (!publicIdPattern.test(link.value)) return null;
    let customer = await findCustomerByPublicId(db, link.value);
    // A merged record's old id still leads to the customer it was merged into.
    if (customer?.merged_into_id) customer = await db.selectFrom('customers').selectAll().where('id', '=', customer.merged_into_id).executeTakeFirst();
    if (!customer) return null;
    ({ id: codeId, code } = await ensureReferralCode(db, customer.id));
  }
  const sameVisit = link.clientHash !== null && (await hasClickSince(db, codeId, link.clientHash, new Date(link.now.getTime() - visitWindowMs)));
  if (!sameVisit) await insertClick(db, codeId, link.clientHash, link.landing, link.now);
  return code;
}

/** The referrer's first name for a code, or null: all the offer page shows of them. */
export async function referrerFirstName(db: Kysely<Database>, code: string | undefined): Promise<string | null> {
  const normalised = normaliseReferralCode(code);
  const found = normalised ? await findCodeWithReferrer(db, normalised) : undefined;
  return found ? firstNameOf(found.name) : null;
}

/** The referrer behind an offer form's code, or undefined. */
export async function referrerOfCode(db: Kysely<Database>, code: string | null | undefined) {
  const normalised = normaliseReferralCode(code);
  return normalised ? findCodeWithReferrer(db, normalised) : undefined;
}

export interface ReferralIntake {
  source: ReferralSource;
  /** The offer form's code (from the form or the referral cookie). */
  code?: string | null | undefined;
  /** What a customer typed about themselves on /refer-a-friend. */
  referrerContact?: { name: string; email: string | null; phone: string | null } | undefined;
  friend: { name: string; email: string | null; phone: string };
  lead: { id: number; status: string };
  clientHash: string | null;
  now: Date;
}

/** Stores the referral for a stored lead; undefined when there is none to store (spam, or an offer without a known code). */
export async function recordReferral(db: Kysely<Database>, intake: ReferralIntake): Promise<Referral | undefined> {
  if (intake.lead.status === 'spam') return undefined;
  return db.transaction().execute(async (trx) => {
    const earlier = await findReferralByLead(trx, intake.lead.id);
    if (earlier) return earlier;

    let referrer: { id: number; email: string | null; phone_digits: string | null } | null = null;
    let codeId: number | null = null;
    if (intake.source === 'offer') {
      const found = await referrerOfCode(trx, intake.code);
      if (!found) return undefined;
      referrer = { id: found.customer_id, email: found.email, phone_digits: found.phone_digits };
      codeId = found.code_id;
    } else if (intake.referrerContact) {
      const contact = intake.referrerContact;
      const found = await findCustomerByContact(trx, contact.email?.toLowerCase() ?? null, phoneDigitsOf(contact.phone));
      if (found) {
        referrer = { id: found.id, email: found.email, phone_digits: found.phone_digits };
        codeId = (await ensureReferralCode(trx, found.id)).id;
      }
    }

    const friendEmail = intake.friend.email?.toLowerCase() || null;
    const friendPhoneDigits = phoneDigitsOf(intake.friend.phone);
    const friendCustomer = await findCustomerByContact(trx, friendEmail, friendPhoneDigits);
    const flags = await referralFlags(trx, { referrer, friendEmail, friendPhoneDigits, friendCustomerId: friendCustomer?.id ?? null, clientHash: intake.clientHash, now: intake.now });
    const referral = await insertReferral(trx, {
      public_id: newPublicId(), source: intake.source, code_id: codeId, referrer_customer_id: referrer?.id ?? null,
      referrer_name: intake.referrerContact?.name ?? null, referrer_email: intake.referrerContact?.email?.toLowerCase() || null, referrer_phone: intake.referrerContact?.phone || null,
      friend_name: intake.friend.name, friend_email: friendEmail, friend_phone: intake.friend.phone, friend_phone_digits: friendPhoneDigits,
      friend_customer_id: friendCustomer?.id ?? null, lead_id: intake.lead.id, status: flags.length > 0 ? 'flagged' : 'pending', flags,
      approved_at: null, approved_by: null, ineligible_reason: null, qualifying_job_id: null, qualified_at: null, credited_at: null,
      client_hash: intake.clientHash, consent_at: intake.now, created_at: intake.now, updated_at: intake.now,
    });
    // A clean referral welcomes the friend (who agreed to be contacted) and thanks the referrer; a
    // flagged one waits for staff before anyone is promised anything.
    if (referral && flags.length === 0) await queueReferralEmails(trx, referral, referrer, intake.now);
    return referral;
  });
}

async function queueReferralEmails(trx: Kysely<Database>, referral: Referral, referrer: { id: number; email: string | null } | null, now: Date): Promise<void> {
  const referrerName = referrer ? (await trx.selectFrom('customers').select('name').where('id', '=', referrer.id).executeTakeFirstOrThrow()).name : null;
  if (referral.friend_email && referrerName) {
    await queueCustomerEmail(trx, {
      template: 'referral-welcome', to: referral.friend_email, leadId: referral.lead_id, now,
      data: { first_name: firstNameOf(referral.friend_name), referrer_first_name: firstNameOf(referrerName), friend_discount: referralTerms.friendDiscount, minimum_job: referralTerms.minimumJob },
    });
  }
  if (referrer?.email && referrerName) {
    await queueCustomerEmail(trx, {
      template: 'referral-thank-you', to: referrer.email, customerId: referrer.id, now,
      data: { first_name: firstNameOf(referrerName), friend_first_name: firstNameOf(referral.friend_name), referrer_credit: referralTerms.referrerCredit, minimum_job: referralTerms.minimumJob },
    });
  }
}
