/** /admin/commercial-customers: the list, its sort, the changes (add, edit, delete) and logo uploads. */
import { atom } from 'nanostores';
import {
  adminCommercialCustomerCreateContract, adminCommercialCustomerDeleteContract, adminCommercialCustomerListContract, adminCommercialCustomerLogoUploadContract, adminCommercialCustomerUpdateContract,
  type CustomerRow, type CustomerSort,
} from '../../lib/api/admin/commercial-customers.contract';
import { apiRequest, callContract } from '../../lib/api/client';
import type { RequestInputOf } from '../../lib/api/contract';
import { loadPublishing } from './publishing.store';
import { handleAdminError } from './session.store';

export type CustomerInput = RequestInputOf<typeof adminCommercialCustomerCreateContract>;

export const $customers = atom<{ status: 'loading' | 'ready' | 'error'; rows: CustomerRow[]; message: string }>({ status: 'loading', rows: [], message: '' });
export const $customerSort = atom<CustomerSort>('order');
/** The outcome of the last change, read out by a live region. */
export const $customerNotice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

export async function loadCustomers(): Promise<void> {
  try {
    const { customers } = await callContract(adminCommercialCustomerListContract, { sort: $customerSort.get() });
    $customers.set({ status: 'ready', rows: customers, message: '' });
  } catch (error) {
    $customers.set({ ...$customers.get(), status: 'error', message: handleAdminError(error) });
  }
}

export function setCustomerSort(sort: CustomerSort): void {
  $customerSort.set(sort);
  void loadCustomers();
}

const published = 'The commercial pages show the change after the next publish.';

/** Runs a change; on success reloads and announces `done`; on failure announces why and answers the message and the fields it names. */
async function change(run: () => Promise<unknown>, done: string): Promise<{ message: string; fields: Record<string, string> } | undefined> {
  try {
    await run();
    $customerNotice.set({ tone: 'info', text: `${done} ${published}` });
    await loadCustomers();
    void loadPublishing();
    return undefined;
  } catch (error) {
    const message = handleAdminError(error);
    $customerNotice.set({ tone: 'error', text: message });
    return { message, fields: (error as { fields?: Record<string, string> }).fields ?? {} };
  }
}

export const saveCustomer = (input: CustomerInput, id?: number) =>
  change(() => (id === undefined ? callContract(adminCommercialCustomerCreateContract, input) : callContract(adminCommercialCustomerUpdateContract, input, undefined, { id })), `Saved ${input.name}.`);

export const deleteCustomer = (customer: CustomerRow) =>
  change(() => callContract(adminCommercialCustomerDeleteContract, {}, undefined, { id: customer.id }), `Deleted ${customer.name}.`);

/** Uploads a logo; answers its id, size and admin address. */
export async function uploadLogo(file: File) {
  const form = new FormData();
  form.set('logo', file);
  const response = await apiRequest('POST', adminCommercialCustomerLogoUploadContract.path, form);
  return adminCommercialCustomerLogoUploadContract.response.parse(await response.json());
}
