/**
 * Text messages. POST /api/sms-signup: the /sms-signup form (consent to texts, with the version of the
 * disclosure the page showed; send an `Idempotency-Key` header as for /api/contact). POST
 * /api/webhooks/twilio: Twilio's posts of texts people send us, read raw because X-Twilio-Signature
 * signs the form's parameters; answered with TwiML (text/xml), not JSON.
 */
import { z } from 'zod';
import { disclosureTextOf, usMobileE164 } from '../sms/program';
import { defineContract } from './contract';
import { leadFields } from './lead-fields';

const mobileMissing = 'Enter your mobile number so we can text you.';

export const smsSignupRequestSchema = z.strictObject({
  name: leadFields.name,
  phone: z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? mobileMissing : 'This must be text.') })
    .trim()
    .min(1, mobileMissing)
    .max(30, 'Enter a 10-digit US mobile number with its area code.')
    .refine((v) => usMobileE164(v) !== undefined, 'Enter a 10-digit US mobile number with its area code.'),
  consent: z.literal(true, 'Tick the box to agree to receive our text messages. We text only people who have agreed.'),
  disclosureVersion: z.string('Reload the page and send the form again.').max(40, 'Reload the page and send the form again.')
    .refine((v) => disclosureTextOf(v) !== undefined, 'This page is out of date. Reload it and send the form again.'),
  website: leadFields.website,
  formStartTime: leadFields.formStartTime,
});

export type SmsSignupRequest = z.input<typeof smsSignupRequestSchema>;

export const smsSignupContract = defineContract({
  path: '/api/sms-signup',
  method: 'POST',
  request: smsSignupRequestSchema,
  response: z.strictObject({ ok: z.literal(true) }),
  read: z.unknown().transform(() => ({ ok: true as const })),
});

export const twilioWebhookContract = defineContract({
  path: '/api/webhooks/twilio',
  method: 'POST',
  bodyType: 'raw',
  maxBodyBytes: 64 * 1024,
  /** TwiML, `<Response><Message>…</Message></Response>`, sent as text/xml. */
  response: z.string(),
});
