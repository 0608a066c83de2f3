/**
 * POST /api/contact: a free-estimate request from the estimate form (SPEC §3, §5, §7). Send an
 * `Idempotency-Key` header (a UUID) so a retried submission is stored once and answered the same.
 */
import { z } from 'zod';
import { leadLocationIds, leadServiceIds, leadUrgencyIds } from '../../business/lead-choices';
import { defineContract } from './contract';
import { leadFields, optionalChoice, typedText } from './lead-fields';

/** SPEC §3: pageContext defaults to 'Contact Page'. */
export const defaultPageContext = 'Contact Page';

export const contactRequestSchema = z.strictObject({
  name: leadFields.name,
  phone: leadFields.phone,
  email: leadFields.email,
  service: optionalChoice(leadServiceIds, 'Choose a service from the list.'),
  location: optionalChoice(leadLocationIds, 'Choose a location from the list.'),
  urgency: optionalChoice(leadUrgencyIds, 'Choose how urgent it is from the list.'),
  message: leadFields.message,
  pageContext: typedText(200, 'Use at most 200 characters.').optional(),
  website: leadFields.website,
  formStartTime: leadFields.formStartTime,
});

export type ContactRequest = z.input<typeof contactRequestSchema>;

/** What a stored request (or a quietly stored spam one) is answered with. */
export const leadReceiptSchema = z.strictObject({ ok: z.literal(true), reference: z.string() });

/**
 * SPEC §7: the browser does not read the contact answer's fields, so any 2xx answer means the lead
 * was stored; the reference is shown when there is one.
 */
export const leadReceiptReadSchema = z.unknown().transform((answer): { reference: string | null } => {
  const reference = typeof answer === 'object' && answer !== null && 'reference' in answer ? answer.reference : undefined;
  return { reference: typeof reference === 'string' && reference.length <= 100 ? reference : null };
});

export const contactContract = defineContract({
  path: '/api/contact',
  method: 'POST',
  request: contactRequestSchema,
  response: leadReceiptSchema,
  read: leadReceiptReadSchema,
});
