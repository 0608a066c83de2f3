/**
 * /sms-signup: consent to our text messages, with the lead form's rules (more than 5 sign-ups per
 * client in 10 minutes → 429, counted first in its own statement; a repeated Idempotency-Key gets the
 * first answer; the trap filled or a form sent under 3 s is stored as spam, never an opt-in, never
 * texted). In one transaction: the consent record (the exact disclosure text of the version the page
 * showed, the time, the source page and the client hash), the number's opt-in event and the
 * confirmation text in the outbox. The confirmation's first delivery starts at once.
 */
import { createHash } from 'node:crypto';
import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import type { smsSignupRequestSchema } from '../../lib/api/sms.contract';
import { disclosureTextOf, smsReplies, usMobileE164 } from '../../lib/sms/program';
import type { Env } from '../db/connect';
import { withDb } from '../db/connect';
import { clientAddress } from '../http/client-address';
import { readIdempotencyKey } from '../http/idempotency';
import { deliverSoon, keyReusedText, rateLimitFor, refuseOverRateLimit } from '../http/lead-submission';
import type { Logger } from '../http/logger';
import { HttpError } from '../http/response';
import { countRequest } from '../repositories/rate-limit.repository';
import { findSmsConsentByIdempotencyKey, insertSmsConsent, recordSmsEvent } from '../repositories/sms.repository';
import { clientHash } from './client-hash';
import { spamReason } from './leads';
import { queueText } from './sms';

type SmsSignupForm = z.output<typeof smsSignupRequestSchema>;

/** Confirmation texts one number gets a day, however often the form names it. */
export const confirmationsPerDay = 2;

/** Where the consent was given, as the record keeps it. */
export const smsSignupSource = 'web:/sms-signup';

export async function signUpForTexts(form: SmsSignupForm, { request, context, log }: { request: Request; context: Context | undefined; log: Logger }, env: Env = process.env): Promise<{ ok: true }> {
  const key = readIdempotencyKey(request);
  const address = clientAddress(request, context);
  const client = address ? clientHash(address, env.CLIENT_HASH_SECRET) : null;
  const policy = rateLimitFor(env, log);
  const now = new Date();
  await refuseOverRateLimit('sms-signup', client, policy, now);
  const phone = usMobileE164(form.phone);
  const disclosure = disclosureTextOf(form.disclosureVersion);
  // The contract checked both; this keeps the types honest.
  if (!phone || !disclosure) throw new HttpError(400, 'Please check the mobile number and reload the page, then send the form again.');
  const hash = createHash('sha256').update(JSON.stringify([form.name, phone, form.disclosureVersion])).digest('hex');
  const spam = spamReason(form, now);

  const messageId = await withDb(async (db) => {
    if (key) {
      const earlier = await findSmsConsentByIdempotencyKey(db, key);
      if (earlier) {
        if (earlier.request_hash !== hash) throw new HttpError(422, keyReusedText);
        return null;
      }
    }
    return db.transaction().execute(async (trx) => {
      const consent = await insertSmsConsent(trx, {
        phone, name: form.name, status: spam ? 'spam' : 'active', spam_reason: spam ?? null, disclosure_version: form.disclosureVersion,
        disclosure_text: disclosure, source: smsSignupSource, client_hash: client, idempotency_key: key ?? null, request_hash: hash, created_at: now,
      });
      // No row: a concurrent retry with the same key stored it first.
      if (!consent || spam) return null;
      await recordSmsEvent(trx, { phone, event: 'opt_in', via: 'web-form', consentId: consent.id, at: now });
      // At most 2 confirmations a day to one number: the form cannot be used to text someone again and again.
      const day = new Date(Math.floor(now.getTime() / 86_400_000) * 86_400_000);
      if ((await countRequest(trx, 'sms-signup-confirmation', createHash('sha256').update(phone).digest('hex'), day)) > confirmationsPerDay) {
        log.warn('sms sign-up stored without a confirmation text: this number had its confirmations today');
        return null;
      }
      return queueText(trx, { to: phone, body: smsReplies.signedUp, topic: 'sms-signup-confirmation', category: 'transactional', notBefore: now });
    });
  });
  log.info('sms sign-up', { stored: messageId !== null, spam: Boolean(spam) });
  if (messageId !== null) await deliverSoon(messageId, context, log);
  return { ok: true };
}
