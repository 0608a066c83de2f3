/**
 * The customer record for staff (/admin/customers): a searchable, sortable list one page at a time;
 * one customer with their addresses, jobs, orders, memberships and linked leads; create and edit;
 * add a service address; merge a duplicate into a customer; link the leads and orders that share the
 * customer's email or phone. Customers are named by their opaque public id in every path.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { addressFields, customerFields, needsContact, needsContactMessage, publicIdSchema } from '../customer-fields';

export const customerSorts = ['name', 'email', 'created_at', 'jobs', 'last_job'] as const;
export type CustomerSort = (typeof customerSorts)[number];

const customerRow = z.object({
  publicId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  jobs: z.number().int(),
  lastJobAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerRow = z.output<typeof customerRow>;

export const adminCustomerListContract = defineContract({
  path: '/api/admin/customers',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(5).max(100).default(25),
    sort: z.enum(customerSorts).default('created_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
    q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
  }),
  response: z.object({ rows: z.array(customerRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

export const customerInput = z.strictObject(customerFields).refine(needsContact, needsContactMessage);
export type CustomerInput = z.input<typeof customerInput>;

const address = z.object({ id: z.number().int(), line1: z.string(), line2: z.string().nullable(), city: z.string(), state: z.string(), zip: z.string() });
export type AddressView = z.output<typeof address>;

export const jobView = z.object({
  publicId: z.string(),
  customerPublicId: z.string(),
  customerName: z.string(),
  service: z.string(),
  addressId: z.number().int().nullable(),
  address: z.string().nullable(),
  completedAt: z.string().nullable(),
  invoiceTotalCents: z.number().int().nullable(),
  paidAt: z.string().nullable(),
  source: z.enum(['admin', 'csv', 'webhook']),
  externalId: z.string().nullable(),
  notes: z.string().nullable(),
  updatedAt: z.string(),
});
export type JobView = z.output<typeof jobView>;

export const customerDetail = customerRow.omit({ jobs: true }).extend({
  jobCount: z.number().int(),
  notes: z.string().nullable(),
  mergedInto: z.object({ publicId: z.string(), name: z.string() }).nullable(),
  addresses: z.array(address),
  jobs: z.array(jobView),
  orders: z.array(z.object({ publicId: z.string(), orderNumber: z.string(), status: z.string(), totalCents: z.number().int(), createdAt: z.string() })),
  memberships: z.array(z.object({ publicId: z.string(), name: z.string(), address: z.string(), startsOn: z.string(), endsOn: z.string(), status: z.string() })),
  leads: z.array(z.object({ id: z.number().int(), reference: z.string(), kind: z.enum(['estimate', 'booking']), status: z.string(), createdAt: z.string() })),
  /** Leads and orders with this email or phone that are not linked to anyone yet. */
  unlinked: z.object({ leads: z.number().int(), orders: z.number().int() }),
  history: z.array(z.object({ at: z.string(), actor: z.string(), action: z.string() })),
});
export type CustomerDetail = z.output<typeof customerDetail>;

const idParams = z.strictObject({ id: publicIdSchema });

export const adminCustomerCreateContract = defineContract({
  path: '/api/admin/customers',
  method: 'POST',
  access: 'staff',
  request: customerInput,
  response: customerDetail,
});

export const adminCustomerContract = defineContract({
  path: '/api/admin/customers/:id',
  method: 'GET',
  access: 'staff',
  params: idParams,
  response: customerDetail,
});

export const adminCustomerUpdateContract = defineContract({
  path: '/api/admin/customers/:id',
  method: 'PUT',
  access: 'staff',
  params: idParams,
  request: customerInput,
  response: customerDetail,
});

export const addressInput = z.strictObject(addressFields);
export type AddressInput = z.input<typeof addressInput>;

export const adminCustomerAddressContract = defineContract({
  path: '/api/admin/customers/:id/addresses',
  method: 'POST',
  access: 'staff',
  params: idParams,
  request: addressInput,
  response: customerDetail,
});

/** Moves everything of `duplicateId` (addresses, jobs, orders, memberships, leads) to `:id` and marks the duplicate merged. */
export const adminCustomerMergeContract = defineContract({
  path: '/api/admin/customers/:id/merge',
  method: 'POST',
  access: 'staff',
  params: idParams,
  request: z.strictObject({ duplicateId: publicIdSchema }),
  response: customerDetail,
});

/** Links the leads and orders with the customer's email or phone that no customer has yet. */
export const adminCustomerLinkContract = defineContract({
  path: '/api/admin/customers/:id/link',
  method: 'POST',
  access: 'staff',
  params: idParams,
  request: z.strictObject({}),
  response: customerDetail.extend({ linked: z.object({ leads: z.number().int(), orders: z.number().int() }) }),
});
