/**
 * Taking an order at checkout. The server prices every line from the products table (the request
 * carries slugs and quantities, never prices), checks the membership rules (an address for each,
 * one per line, commercial plans for commercial properties, no second active membership of a plan
 * at one address), and stores the order before anything outside can fail. Then either Stripe opens
 * a Checkout Session for it, or, without Stripe (or when Stripe fails), it becomes an order request:
 * the office and the buyer are emailed and the office calls to take payment.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { austinOffice, marbleFallsOffice } from '../../business';
import { officeDate } from '../../lib/booking/booking-days';
import type { z } from 'zod';
import type { checkoutAnswerSchema, CheckoutRequest, PostalAddress } from '../../lib/api/checkout.contract';
import { phoneDigitsOf } from '../../lib/api/customer-fields';
import { addressKey } from '../../lib/store/address-key';
import { MAX_PRODUCT_QUANTITY } from '../../lib/store/cart';
import type { Database } from '../db/database';
import type { Order, OrderItem, StoredAddress } from '../db/tables/order.table';
import type { Product } from '../db/tables/product.table';
import { HttpError } from '../http/response';
import { findCustomerByContact } from '../repositories/customer.repository';
import { findActiveMembership } from '../repositories/membership.repository';
import { findOrderByIdempotencyKey, insertOrder, insertOrderItems, listOrderItems, nextOrderNumber, updateOrder } from '../repositories/order.repository';
import { insertOutboxMessage } from '../repositories/outbox.repository';
import { countRequest } from '../repositories/rate-limit.repository';
import { clientHash } from './client-hash';
import { spamReason, type RateLimitPolicy } from './leads';
import { queueCustomerEmail } from './customer-email';
import { findRenewableMembership } from './membership-renewal';
import { addressLine, buyerOrderRequestData, staffOrderEmail, staffOrderRequestEmail } from './order-emails';
import { newPublicId } from './public-id';
import { mayEmailStaff } from './staff-mail-cap';
import type { Stripe } from './stripe-client';

export type CheckoutAnswer = z.input<typeof checkoutAnswerSchema>;
type CheckoutInput = z.output<typeof import('../../lib/api/checkout.contract').checkoutRequestSchema>;

/** 10 checkouts per client in 10 minutes: enough for a household's retries, not for a script. */
export const checkoutRateLimit: RateLimitPolicy = { bucket: 'checkout', limit: 10, windowSeconds: 600 };

const phones = `${austinOffice.phone} (Austin) or ${marbleFallsOffice.phone} (Marble Falls)`;

export interface CheckoutContext {
  now: Date;
  idempotencyKey?: string | undefined;
  clientAddress?: string | undefined;
  clientHashSecret?: string | undefined;
  rateLimit: RateLimitPolicy | null;
  /** The configured Stripe client; undefined: take an order request. */
  stripe: Stripe | undefined;
  /** The site's origin, for Stripe's success and cancel addresses. */
  origin: string;
  /** The checkout page the buyer came from (Stripe's cancel address returns there). */
  cancelPath: string;
}

export interface CheckoutResult {
  answer: CheckoutAnswer;
  /** Outbox messages to try delivering at once. */
  messageIds: number[];
  order: Order;
}

/** SHA-256 of what the buyer asked for, without the form's timing: the same key must carry the same order. */
export function checkoutRequestHash(body: CheckoutInput): string {
  const { website: _website, formStartTime: _start, ...rest } = body;
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

const stored = (a: PostalAddress | undefined): StoredAddress | null => (a ? { line1: a.line1, ...(a.line2 ? { line2: a.line2 } : {}), city: a.city, state: a.state, zip: a.zip } : null);

interface PricedLine {
  product: Product;
  quantity: number;
  serviceAddress: StoredAddress | null;
  addressKey: string | null;
  renewsMembershipId: number | null;
}

/** Reads each line's product and checks the order's rules; throws the HttpError the buyer reads. */
async function priceLines(db: Kysely<Database>, body: CheckoutInput, today: string): Promise<PricedLine[]> {
  const slugs = [...new Set(body.items.map((i) => i.slug))];
  const rows = await db.selectFrom('products').selectAll().where('slug', 'in', slugs).execute();
  const bySlug = new Map(rows.map((p) => [p.slug, p]));
  const renewed = body.renewalToken ? await findRenewableMembership(db, body.renewalToken, today) : undefined;
  if (body.renewalToken && !renewed) {
    throw new HttpError(422, `That renewal link is no longer valid. Choose the membership in the store, or call us at ${phones}.`, { fields: { renewalToken: 'This membership cannot be renewed online.' } });
  }

  const lines: PricedLine[] = [];
  const productLines = new Map<number, PricedLine>();
  const fields: Record<string, string> = {};
  for (const [index, item] of body.items.entries()) {
    const product = bySlug.get(item.slug);
    if (!product || !product.active) {
      throw new HttpError(422, `The item "${item.slug}" is not for sale in our store any more. Remove it from your cart and try again.`, { fields: { [`items.${index}.slug`]: 'This item is not for sale.' } });
    }
    if (product.kind === 'product') {
      const earlier = productLines.get(product.id);
      if (earlier) earlier.quantity += item.quantity;
      else {
        const line = { product, quantity: item.quantity, serviceAddress: null, addressKey: null, renewsMembershipId: null };
        productLines.set(product.id, line);
        lines.push(line);
      }
      continue;
    }
    if (item.quantity !== 1) fields[`items.${index}.quantity`] = `A membership covers one address: order one ${product.name} per address.`;
    if (!item.serviceAddress) fields[`items.${index}.serviceAddress`] = `Enter the address the ${product.name} covers.`;
    if (product.property_type === 'commercial' && body.propertyType !== 'commercial') fields.propertyType = `The ${product.name} is for businesses: choose commercial and enter the company name.`;
    if (!item.serviceAddress) continue;
    const key = addressKey(item.serviceAddress);
    const renews = renewed && renewed.product_id === product.id && renewed.address_key === key ? renewed.id : null;
    lines.push({ product, quantity: 1, serviceAddress: stored(item.serviceAddress), addressKey: key, renewsMembershipId: renews });
  }
  for (const line of productLines.values()) {
    if (line.quantity > MAX_PRODUCT_QUANTITY) fields.items = `Order at most ${MAX_PRODUCT_QUANTITY} of ${line.product.name}.`;
  }
  if (productLines.size > 0 && !body.shippingAddress) fields.shippingAddress = 'Enter the address we ship your products to.';
  if (!body.billingSameAsService && !body.billingAddress) fields.billingAddress = 'Enter the billing address.';
  const names = Object.keys(fields);
  if (names.length > 0) throw new HttpError(400, `Please check the ${names.length === 1 ? 'field' : 'fields'} ${names.join(', ')} and try again.`, { fields });

  const seen = new Set<string>();
  for (const line of lines) {
    if (!line.addressKey) continue;
    const pair = `${line.product.id}|${line.addressKey}`;
    if (seen.has(pair)) throw new HttpError(409, `Your order has the ${line.product.name} twice for ${addressLine(line.serviceAddress!)}. One membership covers an address: remove the second one.`);
    seen.add(pair);
    const active = await findActiveMembership(db, line.addressKey, line.product.id, today);
    if (active && active.id !== line.renewsMembershipId) {
      throw new HttpError(409, `The address ${addressLine(line.serviceAddress!)} already has an active ${line.product.name} until ${active.ends_on}, so it cannot be bought again for that address. Choose another address or plan, or call us at ${phones}.`);
    }
  }
  return lines;
}

async function withinRateLimit(db: Kysely<Database>, client: string | null, context: CheckoutContext): Promise<number | undefined> {
  if (!context.rateLimit || !client) return undefined;
  const { bucket, limit, windowSeconds } = context.rateLimit;
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(context.now.getTime() / windowMs) * windowMs;
  const hits = await countRequest(db, bucket, client, new Date(windowStart));
  return hits > limit ? Math.max(1, Math.ceil((windowStart + windowMs - context.now.getTime()) / 1000)) : undefined;
}

const successPath = (order: Order) => `/store/checkout/success?order=${order.public_id}`;

/** Opens the Checkout Session for a stored order (Stripe's idempotency key makes a repeat return the same session). */
async function openCheckoutSession(db: Kysely<Database>, order: Order, items: OrderItem[], context: CheckoutContext, stripe: Stripe): Promise<Order> {
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    customer_email: order.email,
    client_reference_id: order.public_id,
    metadata: { order_public_id: order.public_id, order_number: order.order_number },
    payment_intent_data: { metadata: { order_public_id: order.public_id, order_number: order.order_number } },
    line_items: items.map((item) => ({
      quantity: item.quantity,
      price_data: {
        currency: 'usd',
        unit_amount: item.unit_price_cents,
        product_data: { name: item.name, ...(item.service_address ? { description: `Covers ${addressLine(item.service_address)}` } : {}) },
      },
    })),
    success_url: `${context.origin}/store/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${context.origin}${context.cancelPath}`,
  }, { idempotencyKey: `checkout-session-${order.public_id}` });
  if (!session.url) throw new Error('Stripe answered without a payment page address.');
  return (await updateOrder(db, order.id, { stripe_session_id: session.id, stripe_checkout_url: session.url }))!;
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);

/**
 * Stripe did not open a payment page: the order is kept as an order request (status `requested`),
 * the office is told why and the buyer is told the office will call; the buyer gets the request answer.
 */
async function fallBackToRequest(db: Kysely<Database>, order: Order, items: OrderItem[], error: unknown): Promise<CheckoutResult> {
  return db.transaction().execute(async (trx) => {
    const updated = (await updateOrder(trx, order.id, { status: 'requested', payment_method: 'office', stripe_error: describe(error) }))!;
    const staff = await insertOutboxMessage(trx, { topic: 'staff-order-email', lead_id: null, order_id: order.id, payload: staffOrderEmail('checkout-failed', updated, items) });
    const buyer = await queueCustomerEmail(trx, { template: 'order-request', to: updated.email, topic: 'buyer-order-email', orderId: order.id, customerId: updated.customer_id, data: buyerOrderRequestData(updated, items) });
    return { answer: { status: 'request', orderNumber: updated.order_number, successUrl: successPath(updated) }, messageIds: [staff.id, buyer.id], order: updated };
  });
}

/** The answer for an order already stored (a repeated request with the same Idempotency-Key). */
async function answerFor(db: Kysely<Database>, order: Order, context: CheckoutContext): Promise<CheckoutResult> {
  if (order.payment_method === 'stripe' && !order.spam) {
    if (order.stripe_checkout_url && order.status === 'processing') {
      return { answer: { status: 'redirect', orderNumber: order.order_number, checkoutUrl: order.stripe_checkout_url }, messageIds: [], order };
    }
    if (!order.stripe_session_id && context.stripe) {
      const items = await listOrderItems(db, order.id);
      try {
        const updated = await openCheckoutSession(db, order, items, context, context.stripe);
        return { answer: { status: 'redirect', orderNumber: updated.order_number, checkoutUrl: updated.stripe_checkout_url! }, messageIds: [], order: updated };
      } catch (error) {
        return fallBackToRequest(db, order, items, error);
      }
    }
  }
  return { answer: { status: 'request', orderNumber: order.order_number, successUrl: successPath(order) }, messageIds: [], order };
}

export type PlaceOrderOutcome =
  | { outcome: 'placed'; result: CheckoutResult; stripeError?: string }
  | { outcome: 'rate-limited'; retryAfterSeconds: number }
  | { outcome: 'key-reused' };

/** Stores the order and answers where the buyer goes next; rule violations throw an HttpError. */
export async function placeOrder(db: Kysely<Database>, body: CheckoutInput, context: CheckoutContext): Promise<PlaceOrderOutcome> {
  const hash = checkoutRequestHash(body);
  const key = context.idempotencyKey;
  const replay = async (): Promise<PlaceOrderOutcome | undefined> => {
    const existing = key ? await findOrderByIdempotencyKey(db, key) : undefined;
    if (!existing) return undefined;
    if (existing.request_hash !== hash) return { outcome: 'key-reused' };
    return { outcome: 'placed', result: await answerFor(db, existing, context) };
  };

  const client = context.clientAddress ? clientHash(context.clientAddress, context.clientHashSecret) : null;
  const retryAfter = await withinRateLimit(db, client, context);
  if (retryAfter !== undefined) return (await replay()) ?? { outcome: 'rate-limited', retryAfterSeconds: retryAfter };
  const earlier = await replay();
  if (earlier) return earlier;

  const today = officeDate(context.now);
  const lines = await priceLines(db, body, today);
  const spam = spamReason(body, context.now) !== undefined;
  const online = Boolean(context.stripe) && !spam;
  const emailStaff = !online && !spam && (await mayEmailStaff(db, client, context.now));
  const total = lines.reduce((sum, line) => sum + line.product.price_cents * line.quantity, 0);

  const placed = await db.transaction().execute(async (trx) => {
    const order = await insertOrder(trx, {
      public_id: newPublicId(),
      order_number: await nextOrderNumber(trx),
      status: online ? 'processing' : 'requested',
      name: body.name,
      email: body.email.toLowerCase(),
      phone: body.phone,
      property_type: body.propertyType,
      company: body.propertyType === 'commercial' ? body.company ?? null : null,
      contact_person: body.propertyType === 'commercial' ? body.contactPerson ?? null : null,
      shipping_address: JSON.stringify(stored(body.shippingAddress)),
      billing_same_as_service: body.billingSameAsService,
      billing_address: JSON.stringify(body.billingSameAsService ? null : stored(body.billingAddress)),
      total_cents: total,
      payment_method: online ? 'stripe' : 'office',
      idempotency_key: key ?? null,
      request_hash: hash,
      client_hash: client,
      spam,
      // The customer this buyer already is (same email or phone); fulfilment matches or creates one otherwise.
      customer_id: (await findCustomerByContact(trx, body.email.toLowerCase(), phoneDigitsOf(body.phone)))?.id ?? null,
      stripe_session_id: null,
      stripe_checkout_url: null,
      stripe_payment_intent: null,
      stripe_error: null,
      paid_at: null,
      fulfilled_at: null,
      cancelled_at: null,
      refunded_at: null,
      stripe_refund_id: null,
      staff_notes: null,
    });
    if (!order) return undefined;
    const items = await insertOrderItems(trx, order.id, lines.map((line) => ({
      product_id: line.product.id,
      slug: line.product.slug,
      name: line.product.name,
      kind: line.product.kind,
      unit_price_cents: line.product.price_cents,
      quantity: line.quantity,
      term_months: line.product.term_months,
      service_address: line.serviceAddress ? JSON.stringify(line.serviceAddress) : null,
      address_key: line.addressKey,
      renews_membership_id: line.renewsMembershipId,
    })));
    const messageIds: number[] = [];
    if (!online && !spam) {
      if (emailStaff) messageIds.push((await insertOutboxMessage(trx, { topic: 'staff-order-email', lead_id: null, order_id: order.id, payload: staffOrderRequestEmail(order, items) })).id);
      messageIds.push((await queueCustomerEmail(trx, { template: 'order-request', to: order.email, topic: 'buyer-order-email', orderId: order.id, customerId: order.customer_id, data: buyerOrderRequestData(order, items) })).id);
    }
    return { order, items, messageIds };
  });
  // The key was stored meanwhile by the same request sent twice at once.
  if (!placed) return (await replay()) ?? { outcome: 'key-reused' };

  const { order, items, messageIds } = placed;
  if (!online) return { outcome: 'placed', result: { answer: { status: 'request', orderNumber: order.order_number, successUrl: successPath(order) }, messageIds, order } };
  try {
    const updated = await openCheckoutSession(db, order, items, context, context.stripe!);
    return { outcome: 'placed', result: { answer: { status: 'redirect', orderNumber: updated.order_number, checkoutUrl: updated.stripe_checkout_url! }, messageIds, order: updated } };
  } catch (error) {
    return { outcome: 'placed', result: await fallBackToRequest(db, order, items, error), stripeError: describe(error) };
  }
}

export type { CheckoutRequest };
