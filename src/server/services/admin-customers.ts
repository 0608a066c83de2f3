/**
 * The customer record for staff (/admin/customers): list and search, one customer with everything
 * linked to them, create and edit, add an address, merge a duplicate, and link the leads and orders
 * that share their email or phone. Every change is audited in the same transaction.
 */
import type { Kysely } from 'kysely';
import type { adminCustomerAddressContract, adminCustomerCreateContract, adminCustomerListContract, CustomerDetail } from '../../lib/api/admin/customers.contract';
import type { QueryOf, RequestOf } from '../../lib/api/contract';
import { phoneDigitsOf } from '../../lib/api/customer-fields';
import { addressKey } from '../../lib/store/address-key';
import type { Database } from '../db/database';
import type { Customer } from '../db/tables/customer.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { auditOf, recordAudit } from '../repositories/audit.repository';
import {
  countUnlinked, findCustomerByContact, findCustomerByPublicId, insertCustomer, linkByContact, listCustomers, listServiceAddresses, lockCustomerByPublicId,
  mergeCustomerRecords, updateCustomer, upsertServiceAddress,
} from '../repositories/customer.repository';
import { listJobsForCustomer } from '../repositories/job.repository';
import { jobView, type Actor } from './admin-jobs';
import { newPublicId } from './public-id';

const iso = (at: Date | string) => new Date(at).toISOString();
export const addressText = (a: { line1: string; line2: string | null; city: string; state: string; zip: string }) => [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');

export async function listCustomersForStaff(db: Kysely<Database>, query: QueryOf<typeof adminCustomerListContract>) {
  const { total, rows } = await listCustomers(db, query);
  return {
    rows: rows.map((r) => ({
      publicId: r.public_id, name: r.name, email: r.email, phone: r.phone, company: r.company, jobs: Number(r.job_count),
      lastJobAt: r.last_job_at ? iso(r.last_job_at) : null, createdAt: iso(r.created_at),
    })),
    total, page: query.page, pageSize: query.pageSize,
  };
}

/** Everything staff see about one customer. */
export async function customerDetail(db: Kysely<Database>, customer: Customer): Promise<CustomerDetail> {
  const [addresses, jobs, orders, memberships, leads, unlinked, history, mergedInto] = await Promise.all([
    listServiceAddresses(db, customer.id),
    listJobsForCustomer(db, customer.id),
    db.selectFrom('orders').select(['public_id', 'order_number', 'status', 'total_cents', 'created_at']).where('customer_id', '=', customer.id).orderBy('created_at', 'desc').limit(100).execute(),
    db.selectFrom('memberships as m').innerJoin('products as p', 'p.id', 'm.product_id').innerJoin('service_addresses as a', 'a.id', 'm.service_address_id')
      .select(['m.public_id', 'p.name', 'm.starts_on', 'm.ends_on', 'm.status', 'a.line1', 'a.line2', 'a.city', 'a.state', 'a.zip'])
      .where('m.customer_id', '=', customer.id).orderBy('m.ends_on', 'desc').limit(100).execute(),
    db.selectFrom('leads').select(['id', 'reference', 'kind', 'status', 'created_at']).where('customer_id', '=', customer.id).orderBy('created_at', 'desc').limit(100).execute(),
    countUnlinked(db, customer),
    auditOf(db, 'customer', customer.public_id),
    customer.merged_into_id === null ? undefined : db.selectFrom('customers').select(['public_id', 'name']).where('id', '=', customer.merged_into_id).executeTakeFirst(),
  ]);
  return {
    publicId: customer.public_id, name: customer.name, email: customer.email, phone: customer.phone, company: customer.company, notes: customer.notes,
    createdAt: iso(customer.created_at), jobCount: jobs.length,
    lastJobAt: jobs.map((j) => j.completed_at).filter((d): d is Date => d !== null).map(iso).sort().at(-1) ?? null,
    mergedInto: mergedInto ? { publicId: mergedInto.public_id, name: mergedInto.name } : null,
    addresses: addresses.map((a) => ({ id: a.id, line1: a.line1, line2: a.line2, city: a.city, state: a.state, zip: a.zip })),
    jobs: jobs.map(jobView),
    orders: orders.map((o) => ({ publicId: o.public_id, orderNumber: o.order_number, status: o.status, totalCents: o.total_cents, createdAt: iso(o.created_at) })),
    memberships: memberships.map((m) => ({ publicId: m.public_id, name: m.name, address: addressText(m), startsOn: m.starts_on, endsOn: m.ends_on, status: m.status })),
    leads: leads.map((l) => ({ id: l.id, reference: l.reference, kind: l.kind, status: l.status, createdAt: iso(l.created_at) })),
    unlinked,
    history: history.map((h) => ({ at: iso(h.at), actor: h.actor_email, action: h.action })),
  };
}

export async function customerForStaff(db: Kysely<Database>, publicId: string): Promise<CustomerDetail> {
  const customer = await findCustomerByPublicId(db, publicId);
  if (!customer) throw appError('NotFound');
  return customerDetail(db, customer);
}

/** What the audit keeps of a customer. */
const audited = (c: Customer) => ({ name: c.name, email: c.email, phone: c.phone, company: c.company, notes: c.notes });

type CustomerInput = RequestOf<typeof adminCustomerCreateContract>;

/** A warning, not a block: the same email or phone on another customer usually means a duplicate. */
async function refuseDuplicate(trx: Kysely<Database>, input: CustomerInput, exceptId?: number): Promise<void> {
  const other = await findCustomerByContact(trx, input.email, phoneDigitsOf(input.phone));
  if (other && other.id !== exceptId) {
    const same = input.email && other.email === input.email ? 'email' : 'phone number';
    throw new HttpError(409, `${other.name} already has this ${same}. Open that customer instead, or merge the two records.`, { fields: { [same === 'email' ? 'email' : 'phone']: `Already used by ${other.name}.` } });
  }
}

export async function createCustomerByStaff(db: Kysely<Database>, input: CustomerInput, actor: Actor): Promise<CustomerDetail> {
  return db.transaction().execute(async (trx) => {
    await refuseDuplicate(trx, input);
    const row = await insertCustomer(trx, {
      public_id: newPublicId(), name: input.name, email: input.email, phone: input.phone, phone_digits: phoneDigitsOf(input.phone),
      company: input.company, property_type: input.company ? 'commercial' : 'residential', notes: input.notes,
    });
    await recordAudit(trx, { actor: actor.email, action: 'customer.add', entity: 'customer', entityId: row.public_id, after: audited(row), requestId: actor.requestId });
    return customerDetail(trx, row);
  });
}

async function lockLive(trx: Kysely<Database>, publicId: string): Promise<Customer> {
  const customer = await lockCustomerByPublicId(trx, publicId);
  if (!customer) throw appError('NotFound');
  if (customer.merged_into_id !== null) throw new HttpError(409, 'This customer was merged into another record; change that one instead.');
  return customer;
}

export async function updateCustomerByStaff(db: Kysely<Database>, publicId: string, input: CustomerInput, actor: Actor): Promise<CustomerDetail> {
  return db.transaction().execute(async (trx) => {
    const current = await lockLive(trx, publicId);
    await refuseDuplicate(trx, input, current.id);
    const row = (await updateCustomer(trx, current.id, { name: input.name, email: input.email, phone: input.phone, phone_digits: phoneDigitsOf(input.phone), company: input.company, notes: input.notes }))!;
    await recordAudit(trx, { actor: actor.email, action: 'customer.change', entity: 'customer', entityId: publicId, before: audited(current), after: audited(row), requestId: actor.requestId });
    return customerDetail(trx, row);
  });
}

export async function addAddressByStaff(db: Kysely<Database>, publicId: string, input: RequestOf<typeof adminCustomerAddressContract>, actor: Actor): Promise<CustomerDetail> {
  return db.transaction().execute(async (trx) => {
    const customer = await lockLive(trx, publicId);
    const parts = { ...input, line2: input.line2 ?? undefined };
    const key = addressKey(parts);
    // One the customer removed in the portal comes back to their list rather than being refused.
    const existing = (await listServiceAddresses(trx, customer.id, { current: true })).find((a) => a.address_key === key);
    if (existing) throw new HttpError(409, `${customer.name} already has this address (${addressText(existing)}).`, { fields: { line1: 'This address is already on the record.' } });
    const address = await upsertServiceAddress(trx, customer.id, parts, key);
    await recordAudit(trx, { actor: actor.email, action: 'customer.address.add', entity: 'customer', entityId: publicId, after: { addressId: address.id, address: addressText(address) }, requestId: actor.requestId });
    return customerDetail(trx, customer);
  });
}

/** Merges `duplicateId` into `keeperId`: everything moves to the keeper; the duplicate is kept, marked merged. */
export async function mergeCustomersByStaff(db: Kysely<Database>, keeperId: string, duplicateId: string, actor: Actor): Promise<CustomerDetail> {
  if (keeperId === duplicateId) throw new HttpError(400, 'Choose two different customers to merge.', { fields: { duplicateId: 'Choose another customer.' } });
  return db.transaction().execute(async (trx) => {
    // Locked in a fixed order (by public id), so two merges of the same pair cannot deadlock.
    const [first, second] = [keeperId, duplicateId].sort();
    const locked = new Map<string, Customer>();
    for (const id of [first!, second!]) {
      const row = await lockCustomerByPublicId(trx, id);
      if (!row) throw new HttpError(404, id === keeperId ? 'The customer to keep does not exist.' : 'The duplicate customer does not exist, or was removed.', { fields: id === duplicateId ? { duplicateId: 'Choose another customer.' } : {} });
      if (row.merged_into_id !== null) throw new HttpError(409, `${row.name} was already merged into another record. Reload and choose again.`, { fields: id === duplicateId ? { duplicateId: 'Already merged.' } : {} });
      locked.set(id, row);
    }
    const keeper = locked.get(keeperId)!;
    const duplicate = locked.get(duplicateId)!;
    const moves = await mergeCustomerRecords(trx, duplicate, keeper);
    // The keeper takes the duplicate's contact details it lacks.
    const filled = {
      ...(keeper.email ? {} : { email: duplicate.email }),
      ...(keeper.phone ? {} : { phone: duplicate.phone, phone_digits: duplicate.phone_digits }),
      ...(keeper.company ? {} : { company: duplicate.company }),
      ...(duplicate.notes ? { notes: [keeper.notes, duplicate.notes].filter(Boolean).join('\n\n') } : {}),
    };
    const updated = Object.keys(filled).length ? (await updateCustomer(trx, keeper.id, filled))! : keeper;
    const entry = { actor: actor.email, action: 'customer.merge', entity: 'customer', before: { keeper: audited(keeper), duplicate: { publicId: duplicate.public_id, ...audited(duplicate) } }, after: { keeper: audited(updated), moved: moves }, requestId: actor.requestId };
    await recordAudit(trx, { ...entry, entityId: keeper.public_id });
    await recordAudit(trx, { ...entry, entityId: duplicate.public_id });
    return customerDetail(trx, updated);
  });
}

export async function linkCustomerByStaff(db: Kysely<Database>, publicId: string, actor: Actor) {
  return db.transaction().execute(async (trx) => {
    const customer = await lockLive(trx, publicId);
    const linked = await linkByContact(trx, customer);
    if (linked.leads.length || linked.orders.length) {
      await recordAudit(trx, { actor: actor.email, action: 'customer.link', entity: 'customer', entityId: publicId, after: { leadIds: linked.leads, orderIds: linked.orders }, requestId: actor.requestId });
    }
    return { ...(await customerDetail(trx, customer)), linked: { leads: linked.leads.length, orders: linked.orders.length } };
  });
}
