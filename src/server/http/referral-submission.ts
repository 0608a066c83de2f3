/**
 * The HTTP side of the referral forms: the friend is stored as a lead through the lead pipeline
 * first (rate limit, spam rules, idempotency, staff notified), then the referral. Should the referral
 * fail after the lead is stored, the visitor still gets their receipt: the lead is not lost.
 */
import { referralTerms } from '../../business/referrals';
import { readCookie } from '../../lib/traffic-source';
import { referralCookie } from '../../lib/referrals';
import type { Env } from '../db/connect';
import { withDb } from '../db/connect';
import { clientHash } from '../services/client-hash';
import { recordReferral, referrerOfCode, type ReferralIntake } from '../services/referrals';
import { clientAddress } from './client-address';
import { storeLeadFromRequest, type SubmissionRequest } from './lead-submission';
import type { LeadSubmission } from '../services/leads';

interface FormCommon { website?: string | undefined; formStartTime: number }

const offerLine = `Referral offer: ${referralTerms.friendDiscount} off a first service of ${referralTerms.minimumJob} or more.`;

async function storeWithReferral(lead: LeadSubmission, intake: Omit<ReferralIntake, 'lead' | 'clientHash' | 'now'>, request: SubmissionRequest, env: Env) {
  const stored = await storeLeadFromRequest(lead, request, env);
  try {
    const address = clientAddress(request.request, request.context);
    const referral = await withDb((db) => recordReferral(db, { ...intake, lead: stored.lead, clientHash: address ? clientHash(address, env.CLIENT_HASH_SECRET) : null, now: new Date() }));
    if (referral) request.log.info('referral stored', { leadId: stored.lead.id, status: referral.status, flags: referral.flags.join(',') });
  } catch (error) {
    // The lead (and its staff email) is stored; staff can record the referral by hand.
    request.log.error('referral not stored; its lead was', error, { leadId: stored.lead.id });
  }
  return { ok: true as const, reference: stored.lead.reference };
}

/** POST /api/referral-offer: the code comes from the form, or else from the referral cookie. */
export async function submitReferralOffer(body: { name: string; phone: string; email?: string | undefined; code?: string | undefined } & FormCommon, request: SubmissionRequest, env: Env = process.env) {
  const code = body.code || readCookie(request.request.headers.get('cookie') ?? '', referralCookie) || null;
  const referrer = code ? await withDb((db) => referrerOfCode(db, code)).catch(() => undefined) : undefined;
  const message = referrer ? `${offerLine} Referred by ${referrer.name} (code ${referrer.code}).` : `${offerLine} No valid referral code came with the form${code ? ` (it said "${code.slice(0, 40)}")` : ''}.`;
  return storeWithReferral(
    { kind: 'estimate', name: body.name, phone: body.phone, email: body.email, message, pageContext: 'Referral offer', website: body.website, formStartTime: body.formStartTime },
    { source: 'offer', code, friend: { name: body.name, email: body.email || null, phone: body.phone } },
    request, env,
  );
}

/** POST /api/refer-a-friend: the lead is the friend's; the referrer is matched by email or phone. */
export async function submitReferAFriend(body: { yourName: string; yourEmail: string; yourPhone?: string | undefined; friendName: string; friendPhone: string; friendEmail?: string | undefined } & FormCommon, request: SubmissionRequest, env: Env = process.env) {
  const message = `${offerLine} Referred by ${body.yourName} (${[body.yourEmail, body.yourPhone].filter(Boolean).join(', ')}) on the refer-a-friend page; the referrer says the friend agreed to be contacted.`;
  return storeWithReferral(
    { kind: 'estimate', name: body.friendName, phone: body.friendPhone, email: body.friendEmail, message: message.slice(0, 500), pageContext: 'Refer a friend', website: body.website, formStartTime: body.formStartTime },
    { source: 'refer-a-friend', referrerContact: { name: body.yourName, email: body.yourEmail, phone: body.yourPhone || null }, friend: { name: body.friendName, email: body.friendEmail || null, phone: body.friendPhone } },
    request, env,
  );
}
