/** The estimate form's pure rules: the payload it sends, client-side checks and the stored draft. */
import { z } from 'zod';
import { contactRequestSchema, type ContactRequest } from '../../lib/api/contact.contract';
import { fieldErrors, humanIssueMessage } from '../../lib/api/validation';

export const estimateFieldNames = ['name', 'phone', 'email', 'service', 'location', 'urgency', 'message', 'website'] as const;
export type EstimateField = (typeof estimateFieldNames)[number];
export type EstimateValues = Record<EstimateField, string>;

export const emptyEstimate: EstimateValues = { name: '', phone: '', email: '', service: '', location: '', urgency: '', message: '', website: '' };

/** SPEC §3's payload, from what is in the form (the selects' values are checked by `checkEstimate`). */
export function estimatePayload(values: EstimateValues, pageContext: string, formStartTime: number): ContactRequest {
  return { ...values, pageContext, formStartTime } as ContactRequest;
}

/** Field → message, with the same sentences the server uses; empty when the payload may be sent. */
export function checkEstimate(payload: ContactRequest): Record<string, string> {
  const result = contactRequestSchema.safeParse(payload, { error: humanIssueMessage });
  return result.success ? {} : fieldErrors(result.error);
}

/** What the visitor said, without the timing and the trap: equal fingerprints are the same request. */
export function estimateFingerprint(payload: ContactRequest): string {
  const { formStartTime: _t, website: _w, ...said } = payload;
  return JSON.stringify(Object.entries(said).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]).sort());
}

const text = z.string().max(5000);
export const estimateDraftSchema = z.object({
  values: z.object(Object.fromEntries(estimateFieldNames.map((f) => [f, text])) as Record<EstimateField, typeof text>),
  formStartTime: z.number().int().nonnegative(),
  pending: z.object({ key: z.uuid(), fingerprint: z.string() }).nullable(),
});
export type EstimateDraft = z.infer<typeof estimateDraftSchema>;

export const estimateDraftKey = 'estimate-form-draft';
