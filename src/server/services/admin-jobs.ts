/**
 * Staff's jobs (/admin/jobs and the customer screen): the list, and adding and editing a job by
 * hand. Every change is audited in its own transaction with the job before and after.
 */
import type { Kysely } from 'kysely';
import type { adminJobCreateContract, adminJobListContract, adminJobUpdateContract } from '../../lib/api/admin/jobs.contract';
import type { JobView } from '../../lib/api/admin/customers.contract';
import type { QueryOf, RequestOf } from '../../lib/api/contract';
import type { Database } from '../db/database';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { findCustomerByPublicId } from '../repositories/customer.repository';
import { findJobWithNames, insertJob, listJobs, lockJobByPublicId, updateJob, type JobWithNames } from '../repositories/job.repository';
import { newPublicId } from './public-id';
import { followUpSavedJob } from './job-follow-ups';

export interface Actor { email: string; requestId: string }

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

export function jobView(row: JobWithNames): JobView {
  return {
    publicId: row.public_id,
    customerPublicId: row.customer_public_id,
    customerName: row.customer_name,
    service: row.service,
    addressId: row.service_address_id,
    address: row.line1 ? [row.line1, row.line2, `${row.city}, ${row.state} ${row.zip}`].filter(Boolean).join(', ') : null,
    completedAt: iso(row.completed_at),
    invoiceTotalCents: row.invoice_total_cents,
    paidAt: iso(row.paid_at),
    source: row.source,
    externalId: row.external_id,
    notes: row.notes,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** What the audit keeps of a job. */
const audited = (view: JobView) => ({ ...view });

export async function listJobsForStaff(db: Kysely<Database>, query: QueryOf<typeof adminJobListContract>) {
  let customerId: number | undefined;
  if (query.customer) {
    const customer = await findCustomerByPublicId(db, query.customer);
    if (!customer) return { rows: [], total: 0, page: query.page, pageSize: query.pageSize };
    customerId = customer.id;
  }
  const { total, rows } = await listJobs(db, { q: query.q, customerId, sort: query.sort, dir: query.dir, page: query.page, pageSize: query.pageSize });
  return { rows: rows.map(jobView), total, page: query.page, pageSize: query.pageSize };
}

async function checkAddress(trx: Kysely<Database>, customerId: number, addressId: number | null): Promise<void> {
  if (addressId === null) return;
  const address = await trx.selectFrom('service_addresses').select('customer_id').where('id', '=', addressId).executeTakeFirst();
  if (!address || address.customer_id !== customerId) {
    throw new HttpError(400, 'That address is not one of this customer\'s. Choose one of theirs, or add it on the customer\'s page first.', { fields: { addressId: 'Choose one of this customer\'s addresses.' } });
  }
}

async function checkExternalId(trx: Kysely<Database>, externalId: string | null, exceptJobId?: number): Promise<void> {
  if (!externalId) return;
  let query = trx.selectFrom('jobs').select('id').where('external_id', '=', externalId);
  if (exceptJobId !== undefined) query = query.where('id', '!=', exceptJobId);
  if (await query.executeTakeFirst()) {
    throw new HttpError(409, `Another job already has the external id ${externalId}. Each job from your field-service system has its own.`, { fields: { externalId: 'This external id is taken.' } });
  }
}

export async function createJobByStaff(db: Kysely<Database>, input: RequestOf<typeof adminJobCreateContract>, actor: Actor): Promise<JobView> {
  return db.transaction().execute(async (trx) => {
    const customer = await findCustomerByPublicId(trx, input.customerId);
    if (!customer || customer.merged_into_id !== null) throw new HttpError(400, 'That customer does not exist, or was merged into another. Choose the customer again.', { fields: { customerId: 'Choose a customer.' } });
    await checkAddress(trx, customer.id, input.addressId);
    await checkExternalId(trx, input.externalId);
    const job = await insertJob(trx, {
      public_id: newPublicId(), customer_id: customer.id, service_address_id: input.addressId, service: input.service, completed_at: input.completedAt,
      invoice_total_cents: input.invoiceTotal, paid_at: input.paidAt, source: 'admin', external_id: input.externalId, payload_hash: null, notes: input.notes,
    });
    await followUpSavedJob(trx, job);
    const view = jobView((await findJobWithNames(trx, job.id))!);
    await recordAudit(trx, { actor: actor.email, action: 'job.add', entity: 'job', entityId: job.public_id, after: audited(view), requestId: actor.requestId });
    return view;
  });
}

export async function updateJobByStaff(db: Kysely<Database>, publicId: string, input: RequestOf<typeof adminJobUpdateContract>, actor: Actor): Promise<JobView> {
  return db.transaction().execute(async (trx) => {
    const current = await lockJobByPublicId(trx, publicId);
    if (!current) throw appError('NotFound');
    const before = jobView((await findJobWithNames(trx, current.id))!);
    await checkAddress(trx, current.customer_id, input.addressId);
    await checkExternalId(trx, input.externalId, current.id);
    const saved = await updateJob(trx, current.id, {
      service_address_id: input.addressId, service: input.service, completed_at: input.completedAt, invoice_total_cents: input.invoiceTotal,
      paid_at: input.paidAt, notes: input.notes, external_id: input.externalId,
    });
    if (saved) await followUpSavedJob(trx, saved);
    const view = jobView((await findJobWithNames(trx, current.id))!);
    await recordAudit(trx, { actor: actor.email, action: 'job.change', entity: 'job', entityId: publicId, before: audited(before), after: audited(view), requestId: actor.requestId });
    return view;
  });
}
