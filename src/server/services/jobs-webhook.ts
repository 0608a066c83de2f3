/**
 * The jobs webhook's checks and work: the `X-Signature: sha256=<hex>` header must be the HMAC-SHA256
 * of the exact body with JOBS_WEBHOOK_SECRET (compared in constant time); the body is then parsed and
 * checked, and the job recorded once per external id in one transaction (audited as the webhook).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { fieldErrors } from '../../lib/api/validation';
import { jobsWebhookBody, type JobsWebhookBody } from '../../lib/api/jobs-webhook.contract';
import type { Database } from '../db/database';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { recordIncomingJob, type RecordedJob } from './jobs';
import { safeParseUntrusted } from '../http/safe-parse';

export const jobsSignature = (secret: string, body: Uint8Array | string): string => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

/** True when `header` is `sha256=` and the HMAC of `body` in hex (either case). */
export function signatureMatches(secret: string, body: Uint8Array, header: string | null): boolean {
  if (!header) return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}

/** The body as JSON, checked; a 400 naming what is wrong otherwise. */
export function parseJobsWebhookBody(raw: Uint8Array): JobsWebhookBody {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    throw new HttpError(400, 'The body is not valid JSON. Send the job as a JSON object.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, 'The body must be a JSON object describing one job.');
  if (JSON.stringify(value).includes('\\u0000')) throw new HttpError(400, 'The body contains a NUL character, which cannot be stored. Remove it and send the job again.');
  const parsed = safeParseUntrusted(jobsWebhookBody, value);
  if (!parsed) throw new HttpError(400, 'The body must be a JSON object describing one job.');
  if (!parsed.success) {
    const fields = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).slice(0, 10));
    throw new HttpError(400, `Please check the field${Object.keys(fields).length === 1 ? '' : 's'} ${Object.keys(fields).join(', ') || 'of the body'} and send the job again.`, { fields });
  }
  return parsed.data;
}

export async function receiveWebhookJob(db: Kysely<Database>, body: JobsWebhookBody, requestId: string): Promise<RecordedJob> {
  return db.transaction().execute(async (trx) => {
    const recorded = await recordIncomingJob(trx, {
      externalId: body.external_id,
      customer: body.customer,
      address: body.service_address ? { ...body.service_address, line2: body.service_address.line2 ?? null } : null,
      service: body.service,
      completedAt: body.completed_at,
      invoiceTotalCents: body.invoice_total_cents ?? null,
      paidAt: body.paid_at,
      notes: body.notes,
    }, 'webhook');
    if (recorded.outcome !== 'unchanged') {
      await recordAudit(trx, {
        actor: 'webhook:jobs', action: recorded.outcome === 'created' ? 'job.add' : 'job.change', entity: 'job', entityId: recorded.job.public_id,
        after: { externalId: body.external_id, customer: recorded.customerPublicId, customerCreated: recorded.customerCreated, service: body.service, invoiceTotalCents: recorded.job.invoice_total_cents, paidAt: recorded.job.paid_at },
        requestId,
      });
    }
    return recorded;
  });
}
