/**
 * /admin/customers: the list's query (search, sort, page) and answer, the open customer (kept in the
 * address as ?customer=), and the changes made from the screen, each announced in a live region.
 */
import { atom } from 'nanostores';
import {
  adminCustomerAddressContract, adminCustomerContract, adminCustomerCreateContract, adminCustomerLinkContract, adminCustomerListContract, adminCustomerMergeContract,
  adminCustomerUpdateContract, type CustomerDetail,
} from '../../lib/api/admin/customers.contract';
import { ApiError, callContract } from '../../lib/api/client';
import type { QueryOf, ReadOf, RequestInputOf } from '../../lib/api/contract';
import { handleAdminError } from './session.store';

export type CustomerQuery = QueryOf<typeof adminCustomerListContract>;
export const $customerQuery = atom<CustomerQuery>({ page: 1, pageSize: 25, sort: 'created_at', dir: 'desc' });
export const $customers = atom<{ status: 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminCustomerListContract>; message: string }>({ status: 'loading', message: '' });
export const $openCustomer = atom<{ status: 'closed' | 'loading' | 'ready' | 'error'; customer?: CustomerDetail; message: string }>({ status: 'closed', message: '' });
export const $customerNotice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

export async function loadCustomers(): Promise<void> {
  $customers.set({ ...$customers.get(), status: 'loading' });
  try {
    $customers.set({ status: 'ready', data: await callContract(adminCustomerListContract, $customerQuery.get()), message: '' });
  } catch (error) {
    $customers.set({ status: 'error', message: handleAdminError(error) });
  }
}

export function setCustomerQuery(change: Partial<CustomerQuery>): void {
  $customerQuery.set({ ...$customerQuery.get(), page: 1, ...change });
  void loadCustomers();
}

function keepInAddress(publicId: string | null): void {
  const url = new URL(window.location.href);
  if (publicId) url.searchParams.set('customer', publicId);
  else url.searchParams.delete('customer');
  window.history.replaceState(null, '', url);
}

export async function openCustomer(publicId: string): Promise<void> {
  $openCustomer.set({ status: 'loading', message: '' });
  keepInAddress(publicId);
  try {
    $openCustomer.set({ status: 'ready', customer: await callContract(adminCustomerContract, undefined, undefined, { id: publicId }), message: '' });
  } catch (error) {
    $openCustomer.set({ status: 'error', message: handleAdminError(error) });
  }
}

export function closeCustomer(): void {
  $openCustomer.set({ status: 'closed', message: '' });
  keepInAddress(null);
}

/** A change's failure: its sentence and the fields it names, for the form to show. */
export interface Failure { message: string; fields: Record<string, string> }
const failure = (error: unknown): Failure => ({ message: handleAdminError(error), fields: error instanceof ApiError ? error.fields : {} });

async function change(run: () => Promise<CustomerDetail>, done: (c: CustomerDetail) => string): Promise<Failure | undefined> {
  try {
    const customer = await run();
    $openCustomer.set({ status: 'ready', customer, message: '' });
    keepInAddress(customer.publicId);
    $customerNotice.set({ tone: 'info', text: done(customer) });
    await loadCustomers();
    return undefined;
  } catch (error) {
    const why = failure(error);
    $customerNotice.set({ tone: 'error', text: why.message });
    return why;
  }
}

export const createCustomer = (input: RequestInputOf<typeof adminCustomerCreateContract>) =>
  change(() => callContract(adminCustomerCreateContract, input), (c) => `${c.name} was added.`);
export const updateCustomer = (id: string, input: RequestInputOf<typeof adminCustomerUpdateContract>) =>
  change(() => callContract(adminCustomerUpdateContract, input, undefined, { id }), (c) => `${c.name}'s details were saved.`);
export const addAddress = (id: string, input: RequestInputOf<typeof adminCustomerAddressContract>) =>
  change(() => callContract(adminCustomerAddressContract, input, undefined, { id }), (c) => `The address was added to ${c.name}.`);
export const mergeDuplicate = (id: string, duplicateId: string, duplicateName: string) =>
  change(() => callContract(adminCustomerMergeContract, { duplicateId }, undefined, { id }), (c) => `${duplicateName} was merged into ${c.name}.`);
export const linkRecords = (id: string) =>
  change(() => callContract(adminCustomerLinkContract, {}, undefined, { id }), (c) => {
    const { linked } = c as CustomerDetail & { linked: { leads: number; orders: number } };
    return linked.leads + linked.orders === 0 ? 'Nothing new to link.' : `Linked ${linked.leads} lead${linked.leads === 1 ? '' : 's'} and ${linked.orders} order${linked.orders === 1 ? '' : 's'} to ${c.name}.`;
  });

/** Reloads the open customer and the list (after a job was added or changed from their screen). */
export async function refreshOpenCustomer(): Promise<void> {
  const open = $openCustomer.get().customer;
  await Promise.all([open ? openCustomer(open.publicId) : undefined, loadCustomers()]);
}

/** Customers matching `q`, for pickers (merge, the job form). */
export async function searchCustomers(q: string) {
  const { rows } = await callContract(adminCustomerListContract, { q, page: 1, pageSize: 10, sort: 'name', dir: 'asc' });
  return rows;
}
