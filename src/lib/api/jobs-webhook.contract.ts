/**
 * POST /api/webhooks/jobs: a field-service system (ServiceTitan, Housecall Pro, Zapier…) posts a
 * job. The body is read raw, because the `X-Signature: sha256=<hex>` header is the HMAC-SHA256 of
 * its exact bytes with JOBS_WEBHOOK_SECRET. The same `external_id` again updates that job (a replay
 * of the same body changes nothing); the customer is matched by email, then phone, or created.
 * Unknown fields are ignored, so a system may send more than we read.
 */
import { z } from 'zod';
import { defineContract } from './contract';
import { addressFields, customerName, dateInput, externalIdInput, needsContact, needsContactMessage, optionalEmail, optionalPhone, optionalText } from './customer-fields';
import { typedText } from './lead-fields';

export const jobsSignatureHeader = 'X-Signature';
export const jobsWebhookMaxBytes = 64 * 1024;

const nullableText = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === null || v === undefined ? '' : v), schema);

export const jobsWebhookBody = z.object({
  external_id: externalIdInput.pipe(z.string({ error: 'external_id is required: the job\'s id in your system.' })),
  customer: z
    .object({
      name: customerName,
      email: nullableText(optionalEmail),
      phone: nullableText(optionalPhone),
      company: nullableText(optionalText(120, 'A company name')),
    }, { error: 'customer is required: an object with name and an email or phone.' })
    .refine(needsContact, needsContactMessage),
  service_address: z.object({ ...addressFields, line2: nullableText(addressFields.line2) }).nullable().optional(),
  service: typedText(120, 'service has at most 120 characters.', 'service is required.').min(1, 'service is required.'),
  completed_at: nullableText(dateInput('completed_at')),
  invoice_total_cents: z.number({ error: 'invoice_total_cents is a whole number of cents.' }).int('invoice_total_cents is a whole number of cents.').min(0).max(1_000_000_000).nullable().optional(),
  paid_at: nullableText(dateInput('paid_at')),
  notes: nullableText(optionalText(2000, 'notes')),
});
export type JobsWebhookBody = z.output<typeof jobsWebhookBody>;

export const jobsWebhookContract = defineContract({
  path: '/api/webhooks/jobs',
  method: 'POST',
  bodyType: 'raw',
  maxBodyBytes: jobsWebhookMaxBytes,
  response: z.object({
    /** `created`, `updated`, or `unchanged` (the same body again). */
    outcome: z.enum(['created', 'updated', 'unchanged']),
    job: z.object({ id: z.string(), external_id: z.string(), customer_id: z.string(), service: z.string(), completed_at: z.string().nullable(), invoice_total_cents: z.number().int().nullable(), paid_at: z.string().nullable() }),
  }),
});
