/**
 * The staff side of the store: orders (list, one order, mark a request paid, cancel, refund) and
 * memberships. Every change is audited in its own transaction; marking paid fulfils the order the
 * same way the Stripe webhook does (memberships, customer, receipt).
 */
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { adminMembershipListContract, adminOrderListContract, OrderDetail, OrderSummary, MembershipRow } from '../../lib/api/admin/orders.contract';
import { officeDate } from '../../lib/booking/booking-days';
import { addDays } from '../../lib/booking/booking-days';
import type { Database } from '../db/database';
import type { Order } from '../db/tables/order.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { auditOf, recordAudit } from '../repositories/audit.repository';
import { listMembershipsForOrder } from '../repositories/membership.repository';
import { findOrderByPublicId, listOrderItems, lockOrderByPublicId, updateOrder } from '../repositories/order.repository';
import { fulfilOrder } from './fulfilment';
import { addressLine } from './order-emails';
import type { Stripe } from './stripe-client';
import { containsPattern } from '../db/like-pattern';

export interface Actor {
  email: string;
  requestId: string;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

type ListQuery = z.output<NonNullable<typeof adminOrderListContract.query>>;

export async function listOrders(db: Kysely<Database>, query: ListQuery): Promise<{ rows: OrderSummary[]; total: number; page: number; pageSize: number }> {
  let base = db.selectFrom('orders');
  if (query.status !== 'all') base = base.where('status', '=', query.status);
  if (query.q) {
    const pattern = containsPattern(query.q);
    base = base.where((eb) => eb.or([eb('order_number', 'ilike', pattern), eb('name', 'ilike', pattern), eb('email', 'ilike', pattern), eb('phone', 'ilike', pattern)]));
  }
  const [{ total }] = [await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow()];
  const rows = await base
    .selectAll('orders')
    .select((eb) => eb.selectFrom('order_items').whereRef('order_items.order_id', '=', 'orders.id').select(sql<string>`string_agg(order_items.quantity || ' × ' || order_items.name, '; ' order by order_items.id)`.as('items')).as('items'))
    .orderBy(query.sort, query.dir).orderBy('id', query.dir)
    .limit(query.pageSize).offset((query.page - 1) * query.pageSize)
    .execute();
  return { rows: rows.map((o) => ({ ...summary(o), items: o.items ?? '' })), total: Number(total), page: query.page, pageSize: query.pageSize };
}

const summary = (o: Order): OrderSummary => ({
  publicId: o.public_id, orderNumber: o.order_number, status: o.status, name: o.name, email: o.email, phone: o.phone, totalCents: o.total_cents,
  paymentMethod: o.payment_method, items: '', spam: o.spam, createdAt: iso(o.created_at)!,
});

export async function orderDetail(db: Kysely<Database>, publicId: string): Promise<OrderDetail> {
  const order = await findOrderByPublicId(db, publicId);
  if (!order) throw appError('NotFound');
  const items = await listOrderItems(db, order.id);
  const memberships = await listMembershipsForOrder(db, order.id);
  const emails = await db.selectFrom('outbox_messages').select(['payload', 'status', 'sent_at', 'last_error']).where('order_id', '=', order.id).orderBy('id').execute();
  const history = await auditOf(db, 'order', order.public_id);
  return {
    ...summary(order),
    items: items.map((i) => `${i.quantity} × ${i.name}`).join('; '),
    propertyType: order.property_type,
    company: order.company,
    contactPerson: order.contact_person,
    shippingAddress: order.shipping_address,
    billingAddress: order.billing_address,
    billingSameAsService: order.billing_same_as_service,
    lines: items.map((i) => ({ name: i.name, slug: i.slug, kind: i.kind, unitPriceCents: i.unit_price_cents, quantity: i.quantity, serviceAddress: i.service_address })),
    memberships: memberships.map((m) => ({ publicId: m.public_id, name: items.find((i) => i.id === m.order_item_id)?.name ?? '', startsOn: m.starts_on, endsOn: m.ends_on, visitsIncluded: m.visits_included, visitsUsed: m.visits_used, status: m.status })),
    stripe: { sessionId: order.stripe_session_id, paymentIntent: order.stripe_payment_intent, refundId: order.stripe_refund_id, error: order.stripe_error },
    paidAt: iso(order.paid_at),
    cancelledAt: iso(order.cancelled_at),
    refundedAt: iso(order.refunded_at),
    notes: order.staff_notes,
    emails: emails.map((e) => ({ to: e.payload.to === 'staff' ? 'Office' : e.payload.to, subject: e.payload.subject, status: e.status, sentAt: iso(e.sent_at), lastError: e.last_error })),
    history: history.map((h) => ({ at: iso(h.at)!, actor: h.actor_email, action: h.action })),
  };
}

const withNote = (order: Order, note: string | undefined, actor: Actor, now: Date) =>
  note ? `${order.staff_notes ? `${order.staff_notes}\n` : ''}${now.toISOString().slice(0, 10)} ${actor.email}: ${note}` : order.staff_notes;

/** Mark paid (payment taken by phone: fulfils the order) or cancel an unpaid order. Returns the outbox ids to deliver. */
export async function changeOrder(db: Kysely<Database>, publicId: string, input: { action: 'mark-paid' | 'cancel'; note?: string | undefined }, actor: Actor, now = new Date()): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrderByPublicId(trx, publicId);
    if (!order) throw appError('NotFound');
    if (input.action === 'mark-paid') {
      if (order.status === 'paid' || order.status === 'refunded' || order.status === 'cancelled') {
        throw new HttpError(409, `Order ${order.order_number} is ${order.status} already, so it cannot be marked paid. Reload the order to see its state.`);
      }
      const noted = (await updateOrder(trx, order.id, { staff_notes: withNote(order, input.note ?? 'Payment taken by the office.', actor, now), payment_method: order.stripe_session_id ? order.payment_method : 'office' }))!;
      const result = await fulfilOrder(trx, noted, { now });
      await recordAudit(trx, { actor: actor.email, action: 'order.mark-paid', entity: 'order', entityId: order.public_id, before: { status: order.status }, after: { status: result.order.status }, requestId: actor.requestId });
      return result.messageIds;
    }
    if (order.status === 'paid') throw new HttpError(409, `Order ${order.order_number} is paid: refund it instead of cancelling it (an owner can).`);
    if (order.status === 'refunded' || order.status === 'cancelled') throw new HttpError(409, `Order ${order.order_number} is ${order.status} already.`);
    await updateOrder(trx, order.id, { status: 'cancelled', cancelled_at: now, staff_notes: withNote(order, input.note, actor, now) });
    await recordAudit(trx, { actor: actor.email, action: 'order.cancel', entity: 'order', entityId: order.public_id, before: { status: order.status }, after: { status: 'cancelled' }, requestId: actor.requestId });
    return [];
  });
}

/**
 * Refunds a paid order in full: through Stripe when it was paid there (Stripe's idempotency key makes
 * a repeat safe), otherwise recorded as refunded by the office. Its memberships end as refunded.
 */
export async function refundOrder(db: Kysely<Database>, publicId: string, note: string | undefined, actor: Actor, stripe: Stripe | undefined, now = new Date()): Promise<void> {
  const order = await findOrderByPublicId(db, publicId);
  if (!order) throw appError('NotFound');
  if (order.status !== 'paid') throw new HttpError(409, `Order ${order.order_number} is not paid (it is ${order.status}), so there is nothing to refund.`);
  let refundId: string | null = null;
  if (order.stripe_payment_intent) {
    if (!stripe) throw new HttpError(409, `Order ${order.order_number} was paid through Stripe, but Stripe is not configured here. Refund it in the Stripe dashboard.`);
    try {
      const refund = await stripe.refunds.create({ payment_intent: order.stripe_payment_intent, metadata: { order_public_id: order.public_id } }, { idempotencyKey: `refund-${order.public_id}` });
      refundId = refund.id;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new HttpError(502, `Stripe refused the refund: ${reason.replace(/[.\s]+$/, '')}. Nothing was changed; try again or refund it in the Stripe dashboard.`);
    }
  }
  await db.transaction().execute(async (trx) => {
    const locked = (await lockOrderByPublicId(trx, publicId))!;
    if (locked.status !== 'paid') return;
    await updateOrder(trx, order.id, { status: 'refunded', refunded_at: now, stripe_refund_id: refundId, staff_notes: withNote(locked, note ?? (refundId ? 'Refunded through Stripe.' : 'Refunded by the office.'), actor, now) });
    await trx.updateTable('memberships').set({ status: 'refunded', updated_at: now }).where('order_id', '=', order.id).execute();
    await recordAudit(trx, { actor: actor.email, action: 'order.refund', entity: 'order', entityId: order.public_id, before: { status: 'paid' }, after: { status: 'refunded', refundId }, requestId: actor.requestId });
  });
}

type MembershipQuery = z.output<NonNullable<typeof adminMembershipListContract.query>>;

const membershipSort = { ends_on: 'm.ends_on', starts_on: 'm.starts_on', plan: 'p.name', customer: 'c.name', visits_used: 'm.visits_used' } as const;

/** Memberships joined with what a row shows: plan, customer, address and order. */
function membershipRows(db: Kysely<Database>) {
  return db
    .selectFrom('memberships as m')
    .innerJoin('products as p', 'p.id', 'm.product_id')
    .innerJoin('customers as c', 'c.id', 'm.customer_id')
    .innerJoin('service_addresses as a', 'a.id', 'm.service_address_id')
    .innerJoin('orders as o', 'o.id', 'm.order_id');
}
const membershipColumns = ['m.public_id', 'm.starts_on', 'm.ends_on', 'm.visits_included', 'm.visits_used', 'm.status', 'm.reminder_30_sent_at', 'm.reminder_7_sent_at', 'p.name as plan', 'c.name as customer', 'c.email', 'c.phone', 'a.line1', 'a.line2', 'a.city', 'a.state', 'a.zip', 'o.order_number', 'o.public_id as order_public_id'] as const;
type MembershipRecord = Awaited<ReturnType<ReturnType<ReturnType<typeof membershipRows>['select']>['executeTakeFirstOrThrow']>>;
const membershipRow = (r: MembershipRecord): MembershipRow => ({
  publicId: r.public_id, plan: r.plan, customer: r.customer, email: r.email, phone: r.phone,
  address: addressLine({ line1: r.line1, ...(r.line2 ? { line2: r.line2 } : {}), city: r.city, state: r.state, zip: r.zip }),
  startsOn: r.starts_on, endsOn: r.ends_on, visitsIncluded: r.visits_included, visitsUsed: r.visits_used, status: r.status,
  orderNumber: r.order_number, orderPublicId: r.order_public_id, reminded30: r.reminder_30_sent_at !== null, reminded7: r.reminder_7_sent_at !== null,
});

export async function listMemberships(db: Kysely<Database>, query: MembershipQuery, now = new Date()): Promise<{ rows: MembershipRow[]; total: number; page: number; pageSize: number }> {
  const today = officeDate(now);
  let base = membershipRows(db);
  if (query.status === 'active') base = base.where('m.status', '=', 'active').where('m.ends_on', '>=', today);
  if (query.status === 'ending') base = base.where('m.status', '=', 'active').where('m.ends_on', '>=', today).where('m.ends_on', '<=', addDays(today, 30));
  if (query.status === 'ended') base = base.where((eb) => eb.or([eb('m.status', '!=', 'active'), eb('m.ends_on', '<', today)]));
  if (query.q) {
    const pattern = containsPattern(query.q);
    base = base.where((eb) => eb.or([eb('c.name', 'ilike', pattern), eb('c.email', 'ilike', pattern), eb('a.line1', 'ilike', pattern), eb('a.city', 'ilike', pattern), eb('a.zip', 'ilike', pattern), eb('o.order_number', 'ilike', pattern)]));
  }
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(membershipColumns)
    .orderBy(membershipSort[query.sort], query.dir).orderBy('m.id', query.dir)
    .limit(query.pageSize).offset((query.page - 1) * query.pageSize)
    .execute();
  return { rows: rows.map(membershipRow), total: Number(total), page: query.page, pageSize: query.pageSize };
}

/**
 * Records a membership visit (+1) or takes one back (-1), under a row lock so two staff members
 * pressing at once count twice, never past the plan's visits or below none. Audited.
 */
export async function changeMembershipVisits(db: Kysely<Database>, publicId: string, change: 1 | -1, note: string | undefined, actor: Actor): Promise<MembershipRow> {
  await db.transaction().execute(async (trx) => {
    const m = await trx.selectFrom('memberships').select(['id', 'visits_used', 'visits_included', 'status']).where('public_id', '=', publicId).forUpdate().executeTakeFirst();
    if (!m) throw appError('NotFound');
    const next = m.visits_used + change;
    if (change > 0 && m.status !== 'active') throw new HttpError(409, `This membership is ${m.status}; no visit can be recorded on it.`);
    if (next > m.visits_included) throw new HttpError(409, `All ${m.visits_included} visits of this membership are already recorded.`);
    if (next < 0) throw new HttpError(409, 'No visit is recorded on this membership, so there is none to take back.');
    await trx.updateTable('memberships').set({ visits_used: next, updated_at: new Date() }).where('id', '=', m.id).execute();
    await recordAudit(trx, { actor: actor.email, action: change > 0 ? 'membership.visit' : 'membership.visit-undo', entity: 'membership', entityId: publicId, before: { visitsUsed: m.visits_used }, after: { visitsUsed: next, ...(note ? { note } : {}) }, requestId: actor.requestId });
  });
  return membershipRow(await membershipRows(db).select(membershipColumns).where('m.public_id', '=', publicId).executeTakeFirstOrThrow());
}
