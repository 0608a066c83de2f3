/**
 * Recording a job that arrives from outside (the signed webhook, a CSV row): the customer is matched
 * by email, then phone, or created; the address is added to them when new; and the external id makes
 * it idempotent: the same job again with the same content changes nothing, with new content it updates
 * that job. What a saved job sets off (a referral reward, a review request) is in job-follow-ups.ts. Runs inside the caller's transaction (the import puts all its rows in one).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { phoneDigitsOf } from '../../lib/api/customer-fields';
import { addressKey } from '../../lib/store/address-key';
import type { Database } from '../db/database';
import type { Job, JobSource } from '../db/tables/job.table';
import { findCustomerByContact, insertCustomer, upsertServiceAddress } from '../repositories/customer.repository';
import { findJobByExternalId, insertJob, lockExternalId, updateJob } from '../repositories/job.repository';
import { newPublicId } from './public-id';
import { followUpSavedJob } from './job-follow-ups';

export interface IncomingJob {
  externalId: string | null;
  customer: { name: string; email: string | null; phone: string | null; company: string | null };
  address: { line1: string; line2: string | null; city: string; state: string; zip: string } | null;
  service: string;
  completedAt: Date | null;
  invoiceTotalCents: number | null;
  paidAt: Date | null;
  notes: string | null;
}

export type RecordOutcome = 'created' | 'updated' | 'unchanged';

export interface RecordedJob {
  outcome: RecordOutcome;
  job: Job;
  customerPublicId: string;
  customerCreated: boolean;
}

/** What identifies the content of an incoming job: the same hash again is a replay. */
export function incomingJobHash(job: IncomingJob): string {
  const canonical = JSON.stringify([
    job.externalId, job.customer.name, job.customer.email, job.customer.phone, job.customer.company,
    job.address && [job.address.line1, job.address.line2, job.address.city, job.address.state, job.address.zip],
    job.service, job.completedAt?.toISOString() ?? null, job.invoiceTotalCents, job.paidAt?.toISOString() ?? null, job.notes,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

export async function recordIncomingJob(trx: Kysely<Database>, incoming: IncomingJob, source: JobSource): Promise<RecordedJob> {
  const hash = incomingJobHash(incoming);
  if (incoming.externalId) await lockExternalId(trx, incoming.externalId);
  const existing = incoming.externalId ? await findJobByExternalId(trx, incoming.externalId) : undefined;

  let customerId: number;
  let customerPublicId: string;
  let customerCreated = false;
  if (existing) {
    // An update keeps the job with the customer it belongs to (staff may have merged or moved it).
    const owner = await trx.selectFrom('customers').select(['id', 'public_id']).where('id', '=', existing.customer_id).executeTakeFirstOrThrow();
    customerId = owner.id;
    customerPublicId = owner.public_id;
    if (existing.payload_hash === hash) return { outcome: 'unchanged', job: existing, customerPublicId, customerCreated };
  } else {
    const digits = phoneDigitsOf(incoming.customer.phone);
    const found = await findCustomerByContact(trx, incoming.customer.email, digits);
    const customer = found ?? (await insertCustomer(trx, {
      public_id: newPublicId(), name: incoming.customer.name, email: incoming.customer.email, phone: incoming.customer.phone,
      phone_digits: digits, company: incoming.customer.company, property_type: incoming.customer.company ? 'commercial' : null,
    }));
    customerCreated = !found;
    customerId = customer.id;
    customerPublicId = customer.public_id;
  }

  const address = incoming.address
    ? await upsertServiceAddress(trx, customerId, { ...incoming.address, line2: incoming.address.line2 ?? undefined }, addressKey({ ...incoming.address, line2: incoming.address.line2 ?? undefined }))
    : undefined;
  const fields = {
    service: incoming.service,
    service_address_id: address?.id ?? existing?.service_address_id ?? null,
    completed_at: incoming.completedAt,
    invoice_total_cents: incoming.invoiceTotalCents,
    paid_at: incoming.paidAt,
    notes: incoming.notes,
    payload_hash: hash,
  };
  if (existing) {
    const job = (await updateJob(trx, existing.id, fields))!;
    await followUpSavedJob(trx, job);
    return { outcome: 'updated', job, customerPublicId, customerCreated };
  }
  const job = await insertJob(trx, { public_id: newPublicId(), customer_id: customerId, source, external_id: incoming.externalId, ...fields });
  await followUpSavedJob(trx, job);
  return { outcome: 'created', job, customerPublicId, customerCreated };
}
