/**
 * Store orders and memberships for staff (/admin/orders, /admin/memberships): the lists, one order
 * with its items, addresses, payment state, Stripe ids and the emails it sent; marking an order
 * request paid when the office took payment by phone, cancelling an unpaid order (staff), and
 * refunding a paid one (owner: it moves money; through Stripe when the order was paid there).
 */
import { z } from 'zod';
import { orderStates } from '../checkout.contract';
import { defineContract } from '../contract';

export const orderStateLabels: Record<(typeof orderStates)[number], string> = {
  requested: 'Request: call to take payment', processing: 'Awaiting payment', paid: 'Paid', failed: 'Payment failed', expired: 'Checkout expired', cancelled: 'Cancelled', refunded: 'Refunded',
};

const address = z.object({ line1: z.string(), line2: z.string().optional(), city: z.string(), state: z.string(), zip: z.string() });

const orderSummary = z.object({
  publicId: z.string(),
  orderNumber: z.string(),
  status: z.enum(orderStates),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  totalCents: z.number().int(),
  paymentMethod: z.enum(['stripe', 'office']),
  items: z.string(),
  spam: z.boolean(),
  createdAt: z.string(),
});
export type OrderSummary = z.output<typeof orderSummary>;

/** Columns the order list sorts by (newest first unless asked otherwise). */
export const orderSortColumns = ['created_at', 'order_number', 'name', 'total_cents', 'status'] as const;

export const adminOrderListContract = defineContract({
  path: '/api/admin/orders',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(5).max(100).default(25),
    status: z.enum([...orderStates, 'all']).default('all'),
    q: z.string().trim().max(100).optional(),
    sort: z.enum(orderSortColumns).default('created_at'),
    dir: z.enum(['asc', 'desc']).default('desc'),
  }),
  response: z.object({ rows: z.array(orderSummary), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

export const orderDetailSchema = orderSummary.extend({
  propertyType: z.enum(['residential', 'commercial']),
  company: z.string().nullable(),
  contactPerson: z.string().nullable(),
  shippingAddress: address.nullable(),
  billingAddress: address.nullable(),
  billingSameAsService: z.boolean(),
  lines: z.array(z.object({ name: z.string(), slug: z.string(), kind: z.enum(['membership', 'product']), unitPriceCents: z.number().int(), quantity: z.number().int(), serviceAddress: address.nullable() })),
  memberships: z.array(z.object({ publicId: z.string(), name: z.string(), startsOn: z.string(), endsOn: z.string(), visitsIncluded: z.number().int(), visitsUsed: z.number().int(), status: z.string() })),
  stripe: z.object({ sessionId: z.string().nullable(), paymentIntent: z.string().nullable(), refundId: z.string().nullable(), error: z.string().nullable() }),
  paidAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  refundedAt: z.string().nullable(),
  notes: z.string().nullable(),
  emails: z.array(z.object({ to: z.string(), subject: z.string(), status: z.string(), sentAt: z.string().nullable(), lastError: z.string().nullable() })),
  history: z.array(z.object({ at: z.string(), actor: z.string(), action: z.string() })),
});
export type OrderDetail = z.output<typeof orderDetailSchema>;

const orderParams = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{20,64}$/) });
const note = z.string().trim().max(1000, 'A note has at most 1,000 characters.').optional();

export const adminOrderContract = defineContract({
  path: '/api/admin/orders/:id',
  method: 'GET',
  access: 'staff',
  params: orderParams,
  response: orderDetailSchema,
});

/** Any staff member: mark an order request paid (payment taken by phone) or cancel an unpaid order. */
export const adminOrderUpdateContract = defineContract({
  path: '/api/admin/orders/:id',
  method: 'PATCH',
  access: 'staff',
  params: orderParams,
  request: z.strictObject({ action: z.enum(['mark-paid', 'cancel'], 'Choose mark-paid or cancel.'), note }),
  response: orderDetailSchema,
});

/** Owner only: refund a paid order in full (through Stripe when it was paid there); its memberships end. */
export const adminOrderRefundContract = defineContract({
  path: '/api/admin/orders/:id/refund',
  method: 'POST',
  access: 'owner',
  params: orderParams,
  request: z.strictObject({ note }),
  response: orderDetailSchema,
});

const membershipRow = z.object({
  publicId: z.string(),
  plan: z.string(),
  customer: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  visitsIncluded: z.number().int(),
  visitsUsed: z.number().int(),
  status: z.enum(['active', 'cancelled', 'refunded']),
  orderNumber: z.string(),
  orderPublicId: z.string(),
  reminded30: z.boolean(),
  reminded7: z.boolean(),
});
export type MembershipRow = z.output<typeof membershipRow>;

/** Columns the membership list sorts by (soonest end first unless asked otherwise). */
export const membershipSortColumns = ['ends_on', 'starts_on', 'plan', 'customer', 'visits_used'] as const;

export const adminMembershipListContract = defineContract({
  path: '/api/admin/memberships',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(5).max(100).default(25),
    status: z.enum(['active', 'ending', 'ended', 'all']).default('active'),
    q: z.string().trim().max(100).optional(),
    sort: z.enum(membershipSortColumns).default('ends_on'),
    dir: z.enum(['asc', 'desc']).default('asc'),
  }),
  response: z.object({ rows: z.array(membershipRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

/**
 * Any staff member: record a membership visit done (+1) or take back one recorded by mistake (-1).
 * Never below 0 or above the visits the plan includes; audited.
 */
export const adminMembershipVisitsContract = defineContract({
  path: '/api/admin/memberships/:id/visits',
  method: 'POST',
  access: 'staff',
  params: orderParams,
  request: z.strictObject({ change: z.union([z.literal(1), z.literal(-1)], 'Send change 1 to record a visit or -1 to take one back.'), note }),
  response: membershipRow,
});
