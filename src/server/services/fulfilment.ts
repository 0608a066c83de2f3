/**
 * Fulfilling a paid order, once: inside the caller's transaction, with the order row locked. The
 * buyer becomes (or is matched to) a customer, each membership line gets its membership with start
 * and end dates, the order is marked paid, and the receipt and the office's notice go to the outbox.
 * A second call for the same order changes nothing.
 */
import { sql, type Kysely } from 'kysely';
import { addDays, officeDate } from '../../lib/booking/booking-days';
import type { Database } from '../db/database';
import type { Order, OrderItem } from '../db/tables/order.table';
import { findCustomerByContact, insertCustomer, upsertServiceAddress } from '../repositories/customer.repository';
import { findActiveMembership, findMembershipById, insertMembership, listMembershipsForOrder } from '../repositories/membership.repository';
import { listOrderItems, updateOrder } from '../repositories/order.repository';
import { insertOutboxMessage } from '../repositories/outbox.repository';
import { queueCustomerEmail } from './customer-email';
import { buyerReceiptData, staffOrderEmail } from './order-emails';
import { newPublicId } from './public-id';

/** YYYY-MM-DD plus whole months, clamped to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/** A term's dates: from `startsOn` to the day before the same date `months` later. */
export function membershipTerm(startsOn: string, months: number): { starts_on: string; ends_on: string } {
  return { starts_on: startsOn, ends_on: addDays(addMonths(startsOn, months), -1) };
}

/** One visit a year, at least one. */
export const visitsFor = (termMonths: number) => Math.max(1, Math.round(termMonths / 12));

const phoneDigits = (phone: string) => phone.replace(/\D/g, '').slice(-10) || null;

async function customerFor(trx: Kysely<Database>, order: Order): Promise<number> {
  if (order.customer_id) return order.customer_id;
  const digits = phoneDigits(order.phone);
  const found = await findCustomerByContact(trx, order.email, digits);
  if (found) return found.id;
  const created = await insertCustomer(trx, {
    public_id: newPublicId(),
    name: order.name,
    email: order.email,
    phone: order.phone,
    phone_digits: digits,
    company: order.company,
    property_type: order.property_type,
  });
  return created.id;
}

export interface FulfilmentResult {
  /** False when the order had been fulfilled already. */
  fulfilled: boolean;
  order: Order;
  messageIds: number[];
}

export interface PaymentFacts {
  now: Date;
  paymentIntent?: string | null;
}

/** Marks the (locked) order paid and fulfils it; nothing happens when it was fulfilled already. */
export async function fulfilOrder(trx: Kysely<Database>, order: Order, { now, paymentIntent }: PaymentFacts): Promise<FulfilmentResult> {
  if (order.fulfilled_at) return { fulfilled: false, order, messageIds: [] };
  const items = await listOrderItems(trx, order.id);
  const customerId = await customerFor(trx, order);
  const today = officeDate(now);
  let duplicate = false;
  const made: { name: string; starts_on: string; ends_on: string }[] = [];
  for (const item of items.filter((i): i is OrderItem & { service_address: NonNullable<OrderItem['service_address']>; address_key: string; term_months: number } => i.kind === 'membership' && i.service_address !== null && i.address_key !== null && i.term_months !== null)) {
    // Two orders for one address and plan are fulfilled one after the other.
    await sql`select pg_advisory_xact_lock(hashtext(${`membership|${item.product_id}|${item.address_key}`}))`.execute(trx);
    let startsOn = today;
    const renewed = item.renews_membership_id ? await findMembershipById(trx, item.renews_membership_id) : undefined;
    if (renewed && renewed.status === 'active' && renewed.ends_on >= today) startsOn = addDays(renewed.ends_on, 1);
    const clash = await findActiveMembership(trx, item.address_key, item.product_id, startsOn);
    if (clash) {
      duplicate = true;
      continue;
    }
    const address = await upsertServiceAddress(trx, customerId, item.service_address, item.address_key);
    const term = membershipTerm(startsOn, item.term_months);
    const membership = await insertMembership(trx, {
      public_id: newPublicId(),
      customer_id: customerId,
      product_id: item.product_id,
      service_address_id: address.id,
      address_key: item.address_key,
      order_id: order.id,
      order_item_id: item.id,
      ...term,
      visits_included: visitsFor(item.term_months),
    });
    if (membership) made.push({ name: item.name, ...term });
  }
  if (made.length === 0) {
    // Memberships made by an earlier, interrupted fulfilment of the same order still go on the receipt.
    for (const m of await listMembershipsForOrder(trx, order.id)) made.push({ name: items.find((i) => i.id === m.order_item_id)?.name ?? 'Membership', starts_on: m.starts_on, ends_on: m.ends_on });
  }
  const updated = (await updateOrder(trx, order.id, {
    status: 'paid',
    paid_at: order.paid_at ?? now,
    fulfilled_at: now,
    customer_id: customerId,
    ...(paymentIntent ? { stripe_payment_intent: paymentIntent } : {}),
  }))!;
  const messageIds: number[] = [];
  const queue = async (topic: string, payload: Parameters<typeof insertOutboxMessage>[1]['payload']) => {
    messageIds.push((await insertOutboxMessage(trx, { topic, lead_id: null, order_id: order.id, payload, next_attempt_at: now })).id);
  };
  messageIds.push((await queueCustomerEmail(trx, { template: 'order-receipt', to: updated.email, topic: 'buyer-order-email', orderId: order.id, customerId, now, data: buyerReceiptData(updated, items, made) })).id);
  await queue('staff-order-email', staffOrderEmail('paid', updated, items));
  if (duplicate) await queue('staff-order-email', staffOrderEmail('duplicate-membership', updated, items));
  return { fulfilled: true, order: updated, messageIds };
}
