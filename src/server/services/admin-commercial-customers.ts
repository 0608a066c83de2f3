/**
 * Staff handling of the commercial customers the commercial pages show: add, change, delete, and
 * their logos (checked and re-encoded like every upload, kept in the logo image store). A customer is
 * saved only with their permission to be shown; who first recorded it and when are kept. Every change
 * is audited in its own transaction and records a publish request, since the pages are built from it.
 */
import type { Kysely } from 'kysely';
import { industries } from '../../business/industries';
import { maxLogoBytes, type adminCommercialCustomerCreateContract, type CustomerRow, type CustomerSort } from '../../lib/api/admin/commercial-customers.contract';
import type { RequestOf } from '../../lib/api/contract';
import type { Database } from '../db/database';
import type { CommercialCustomer } from '../db/tables/commercial-customer.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import {
  deleteCommercialCustomer, insertCommercialCustomer, listCommercialCustomers, lockCommercialCustomer, updateCommercialCustomer,
} from '../repositories/commercial-customer.repository';
import { recordAudit } from '../repositories/audit.repository';
import { imageStore } from '../uploads/image-store';
import { loadStoredImage, storedImageSize, storeUploadedImage } from '../uploads/stored-images';
import { requestPublish } from './publishing';

interface Actor { email: string; requestId: string }
type CustomerInput = RequestOf<typeof adminCommercialCustomerCreateContract>;

/** The largest logo kept: four times the size the pages show it at. */
const maxLogoEdge = 800;
const logoUrl = (id: string) => `/api/admin/commercial-customers/logos/${id}`;
const industryTitle = (id: string) => industries.find((i) => i.id === id)?.title ?? id;

export function customerView(row: CommercialCustomer): CustomerRow {
  return {
    id: row.id, name: row.name, website: row.website, industry: row.industry as CustomerRow['industry'], customerSince: row.customer_since,
    sortOrder: row.sort_order, active: row.active, permissionRecordedBy: row.permission_recorded_by, permissionRecordedAt: new Date(row.permission_recorded_at).toISOString(),
    logo: row.logo && row.logo_width && row.logo_height ? { id: row.logo, width: row.logo_width, height: row.logo_height, url: logoUrl(row.logo) } : null,
    updatedBy: row.updated_by, updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const audited = (row: CommercialCustomer) => {
  const { logo, ...rest } = customerView(row);
  return { ...rest, logo: logo?.id ?? null };
};

export async function listCustomers(db: Kysely<Database>, sort: CustomerSort = 'order') {
  return { customers: (await listCommercialCustomers(db, sort)).map(customerView) };
}

/** The logo's columns; its size is read from the store unless the row already holds this logo. */
async function logoColumns(logo: string | null, current: CommercialCustomer | undefined) {
  if (!logo) return { logo: null, logo_width: null, logo_height: null };
  const size = current?.logo === logo && current.logo_width && current.logo_height
    ? { width: current.logo_width, height: current.logo_height }
    : await storedImageSize('logos', logo);
  if (!size) throw new HttpError(400, 'The logo is no longer stored. Upload it again.', { fields: { logo: 'Upload the logo again.' } });
  return { logo, logo_width: size.width, logo_height: size.height };
}

const fields = (input: CustomerInput) => ({
  name: input.name, website: input.website, industry: input.industry, customer_since: input.customerSince, sort_order: input.sortOrder, active: input.active,
});

async function publish(trx: Kysely<Database>, row: CommercialCustomer, what: string, by: string): Promise<void> {
  await requestPublish(trx, { kind: 'commercial-customers', label: `Commercial customer ${what}: ${row.name} (${industryTitle(row.industry)})`, by });
}

/** Removes a logo once no row uses it; a failure leaves a stray file, never a broken page. */
async function dropLogo(db: Kysely<Database>, id: string | null): Promise<void> {
  if (!id) return;
  if (await db.selectFrom('commercial_customers').select('id').where('logo', '=', id).executeTakeFirst()) return;
  await imageStore(process.env, 'logos').delete(id).catch(() => undefined);
}

export async function createCustomer(db: Kysely<Database>, input: CustomerInput, actor: Actor): Promise<CustomerRow> {
  const logo = await logoColumns(input.logo, undefined);
  return db.transaction().execute(async (trx) => {
    const row = await insertCommercialCustomer(trx, {
      ...fields(input), ...logo, permission_recorded_by: actor.email, permission_recorded_at: new Date(), created_by: actor.email, updated_by: actor.email,
    });
    await recordAudit(trx, { actor: actor.email, action: 'commercial-customer.add', entity: 'commercial_customer', entityId: row.id, after: audited(row), requestId: actor.requestId });
    await publish(trx, row, 'added', actor.email);
    return customerView(row);
  });
}

export async function updateCustomer(db: Kysely<Database>, id: number, input: CustomerInput, actor: Actor): Promise<CustomerRow> {
  const { row, replaced } = await db.transaction().execute(async (trx) => {
    const current = await lockCommercialCustomer(trx, id);
    if (!current) throw appError('NotFound');
    const row = await updateCommercialCustomer(trx, id, { ...fields(input), ...(await logoColumns(input.logo, current)), updated_by: actor.email });
    await recordAudit(trx, { actor: actor.email, action: 'commercial-customer.change', entity: 'commercial_customer', entityId: id, before: audited(current), after: audited(row), requestId: actor.requestId });
    await publish(trx, row, current.active && !row.active ? 'hidden' : !current.active && row.active ? 'shown' : 'changed', actor.email);
    return { row, replaced: current.logo !== row.logo ? current.logo : null };
  });
  await dropLogo(db, replaced);
  return customerView(row);
}

export async function deleteCustomer(db: Kysely<Database>, id: number, actor: Actor): Promise<{ deleted: true }> {
  const removed = await db.transaction().execute(async (trx) => {
    const current = await lockCommercialCustomer(trx, id);
    if (!current) throw appError('NotFound');
    await deleteCommercialCustomer(trx, id);
    await recordAudit(trx, { actor: actor.email, action: 'commercial-customer.delete', entity: 'commercial_customer', entityId: id, before: audited(current), requestId: actor.requestId });
    await publish(trx, current, 'deleted', actor.email);
    return current;
  });
  await dropLogo(db, removed.logo);
  return { deleted: true };
}

export async function storeCustomerLogo(file: File): Promise<{ id: string; width: number; height: number; url: string }> {
  const logo = await storeUploadedImage('logos', file, { maxBytes: maxLogoBytes, maxEdge: maxLogoEdge, what: 'logo', field: 'logo' });
  return { ...logo, url: logoUrl(logo.id) };
}

export const loadCustomerLogo = (id: string) => loadStoredImage('logos', id);
