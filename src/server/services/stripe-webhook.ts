/**
 * Acting on Stripe's Checkout Session events, exactly once: the event id is stored in the same
 * transaction that acts on it (a repeat delivery finds it and does nothing), and the order row is
 * locked while it changes (two different events for one session take turns). A paid order is never
 * moved back by a late or out-of-order event.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Order, OrderItem } from '../db/tables/order.table';
import { listOrderItems, lockOrderById, lockOrderByPublicId, updateOrder } from '../repositories/order.repository';
import { findOrderBySessionId } from '../repositories/order.repository';
import { insertOutboxMessage } from '../repositories/outbox.repository';
import { markStripeEventProcessed, recordStripeEvent } from '../repositories/stripe-event.repository';
import { fulfilOrder } from './fulfilment';
import { staffOrderEmail } from './order-emails';
import type { Stripe } from './stripe-client';

export const handledEventTypes = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired'] as const;

export type WebhookOutcome = 'duplicate' | 'ignored' | 'unknown-order' | 'fulfilled' | 'already-fulfilled' | 'processing' | 'failed' | 'expired' | 'unchanged';

export interface WebhookResult {
  outcome: WebhookOutcome;
  orderId?: number;
  messageIds: number[];
}

const settled = new Set<Order['status']>(['paid', 'refunded', 'cancelled']);

async function findSessionOrder(trx: Kysely<Database>, session: Stripe.Checkout.Session): Promise<Order | undefined> {
  const publicId = session.metadata?.order_public_id ?? session.client_reference_id;
  if (typeof publicId === 'string' && publicId) {
    const order = await lockOrderByPublicId(trx, publicId);
    if (order && (!order.stripe_session_id || order.stripe_session_id === session.id)) return order;
  }
  const bySession = typeof session.id === 'string' ? await findOrderBySessionId(trx, session.id) : undefined;
  return bySession && (await lockOrderById(trx, bySession.id));
}

const paymentIntentOf = (session: Stripe.Checkout.Session) => (typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id ?? null);

async function act(trx: Kysely<Database>, event: Stripe.Event, order: Order, now: Date): Promise<WebhookResult> {
  const session = event.data.object as Stripe.Checkout.Session;
  const base = { orderId: order.id, messageIds: [] as number[] };
  const sessionFields = { ...(order.stripe_session_id ? {} : { stripe_session_id: session.id }), ...(paymentIntentOf(session) ? { stripe_payment_intent: paymentIntentOf(session) } : {}) };
  const paid = event.type === 'checkout.session.async_payment_succeeded'
    || (event.type === 'checkout.session.completed' && (session.payment_status === 'paid' || session.payment_status === 'no_payment_required'));
  if (paid) {
    // A payment for an order staff cancelled meanwhile is still the buyer's money: it is fulfilled (staff see it paid).
    if (order.status === 'refunded') return { ...base, outcome: 'unchanged' };
    const result = await fulfilOrder(trx, { ...order, ...(await updateOrder(trx, order.id, sessionFields))! }, { now, paymentIntent: paymentIntentOf(session) });
    return { orderId: order.id, messageIds: result.messageIds, outcome: result.fulfilled ? 'fulfilled' : 'already-fulfilled' };
  }
  if (settled.has(order.status)) return { ...base, outcome: 'unchanged' };
  if (event.type === 'checkout.session.completed') {
    if (order.status !== 'processing' && order.status !== 'requested') return { ...base, outcome: 'unchanged' };
    await updateOrder(trx, order.id, { ...sessionFields, status: 'processing' });
    return { ...base, outcome: 'processing' };
  }
  if (event.type === 'checkout.session.async_payment_failed') {
    if (order.status === 'failed') return { ...base, outcome: 'unchanged' };
    const updated = (await updateOrder(trx, order.id, { ...sessionFields, status: 'failed' }))!;
    const items: OrderItem[] = await listOrderItems(trx, order.id);
    const message = await insertOutboxMessage(trx, { topic: 'staff-order-email', lead_id: null, order_id: order.id, payload: staffOrderEmail('payment-failed', updated, items), next_attempt_at: now });
    return { ...base, messageIds: [message.id], outcome: 'failed' };
  }
  // checkout.session.expired: the buyer never paid.
  if (order.status === 'failed' || order.status === 'expired') return { ...base, outcome: 'unchanged' };
  await updateOrder(trx, order.id, { status: 'expired' });
  return { ...base, outcome: 'expired' };
}

/** Stores the verified event once and acts on it in the same transaction. */
export async function handleStripeEvent(db: Kysely<Database>, event: Stripe.Event, now: Date = new Date()): Promise<WebhookResult> {
  return db.transaction().execute(async (trx) => {
    if (!(await recordStripeEvent(trx, event.id, event.type))) return { outcome: 'duplicate', messageIds: [] };
    let result: WebhookResult = { outcome: 'ignored', messageIds: [] };
    if ((handledEventTypes as readonly string[]).includes(event.type) && event.data?.object?.object === 'checkout.session') {
      const order = await findSessionOrder(trx, event.data.object as Stripe.Checkout.Session);
      result = order ? await act(trx, event, order, now) : { outcome: 'unknown-order', messageIds: [] };
    }
    await markStripeEventProcessed(trx, event.id, result.orderId ?? null, now);
    return result;
  });
}
