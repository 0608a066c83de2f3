/**
 * The emails an order sends through the outbox: the office's notices (a request to call, a payment,
 * a payment that failed, a Checkout Session that could not be opened), plain text and escaped HTML
 * ending with the company's postal address, and the merge data of the buyer's (request received,
 * receipt), whose wording is a customer email template (customer-email-templates.ts).
 */
import { austinOffice, company } from '../../business';
import type { Membership } from '../db/tables/membership.table';
import type { Order, OrderItem, StoredAddress } from '../db/tables/order.table';
import type { OutboxEmail } from '../db/tables/outbox-message.table';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

export const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const addressLine = (a: StoredAddress) => [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');

const dateLabel = (isoDate: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(`${isoDate}T12:00:00Z`));

const postalFooter = `${company.legalName} · ${austinOffice.street}, ${austinOffice.city}, ${austinOffice.region} ${austinOffice.postalCode} · ${austinOffice.phone}`;

type OrderFacts = Pick<Order, 'order_number' | 'name' | 'email' | 'phone' | 'property_type' | 'company' | 'contact_person' | 'shipping_address' | 'billing_address' | 'billing_same_as_service' | 'total_cents' | 'status'>;
type ItemFacts = Pick<OrderItem, 'name' | 'kind' | 'quantity' | 'unit_price_cents' | 'service_address'>;

function itemLines(items: readonly ItemFacts[]): string[] {
  return items.map((item) => {
    const price = `${item.quantity} × ${dollars(item.unit_price_cents)}`;
    const where = item.kind === 'membership' && item.service_address ? ` for ${addressLine(item.service_address)}` : '';
    return `${item.name}${where}: ${price}`;
  });
}

function orderDetails(order: OrderFacts, items: readonly ItemFacts[]): [string, string][] {
  const rows: [string, string | null | undefined][] = [
    ['Order', order.order_number],
    ['Name', order.name],
    ['Phone', order.phone],
    ['Email', order.email],
    ['Property', order.property_type === 'commercial' ? 'Commercial' : 'Residential'],
    ['Company', order.company],
    ['Contact person', order.contact_person],
    ...itemLines(items).map((line, i): [string, string] => [i === 0 ? 'Items' : '', line]),
    ['Total', dollars(order.total_cents)],
    ['Ship to', order.shipping_address ? addressLine(order.shipping_address) : undefined],
    ['Billing address', order.billing_same_as_service ? 'Same as the service address' : order.billing_address ? addressLine(order.billing_address) : undefined],
  ];
  return rows.filter((r): r is [string, string] => typeof r[1] === 'string' && r[1] !== '');
}

export function compose(to: string, subject: string, paragraphs: string[], details: [string, string][], replyTo?: string): OutboxEmail {
  const text = [...paragraphs.flatMap((p) => [p, '']), ...details.map(([k, v]) => (k ? `${k}: ${v}` : `  ${v}`)), '', '--', postalFooter, ''].join('\n');
  const html = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table cellpadding="4" style="border-collapse:collapse">',
    ...details.map(([k, v]) => `<tr><th align="left" valign="top">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p style="color:#555;font-size:12px">${escapeHtml(postalFooter)}</p>`,
  ].join('\n');
  return { to, subject: oneLine(subject), text, html, ...(replyTo ? { replyTo: oneLine(replyTo) } : {}) };
}

/** To the office: an order request made without online payment; call the buyer to take payment. */
export function staffOrderRequestEmail(order: OrderFacts, items: readonly ItemFacts[]): OutboxEmail {
  return compose('staff', `Order request ${order.order_number} from ${order.name}: call to take payment`, [
    'Someone ordered from the online store. Online payment is not set up, so nothing was charged: call them to take payment, then mark the order paid in admin.',
  ], orderDetails(order, items), order.email);
}

const detailsText = (details: [string, string][]) => details.map(([k, v]) => (k ? `${k}: ${v}` : `  ${v}`)).join('\n');

/** The `order-request` template's fields: the request is saved; the office calls to take payment. */
export function buyerOrderRequestData(order: OrderFacts, items: readonly ItemFacts[]) {
  return { name: order.name, order_number: order.order_number, phone: order.phone, total: dollars(order.total_cents), hours: company.hours.weekdays.label, order_details: detailsText(orderDetails(order, items)) };
}

/** The `order-receipt` template's fields: the receipt, once Stripe confirmed the payment. */
export function buyerReceiptData(order: OrderFacts, items: readonly ItemFacts[], memberships: readonly (Pick<Membership, 'starts_on' | 'ends_on'> & { name: string })[]) {
  const covered = memberships.map((m) => `${m.name}: from ${dateLabel(m.starts_on)} to ${dateLabel(m.ends_on)}. It does not renew by itself; we will remind you before it ends.`);
  return {
    name: order.name, order_number: order.order_number, phone: order.phone, total: dollars(order.total_cents),
    memberships: covered.join('\n'),
    next_step: memberships.length > 0 ? 'Our office will call you to schedule your first visit.' : 'We will let you know when your order ships.',
    order_details: detailsText(orderDetails(order, items)),
  };
}

export type StaffOrderEvent = 'paid' | 'payment-failed' | 'checkout-failed' | 'duplicate-membership';

const staffIntro: Record<StaffOrderEvent, (order: OrderFacts) => [string, string]> = {
  'paid': (o) => [`Order ${o.order_number} paid online`, 'Stripe confirmed the payment. Call the buyer to schedule the first visit of each membership, or ship the products.'],
  'payment-failed': (o) => [`Order ${o.order_number}: the payment failed`, 'The buyer\'s delayed payment (for example a bank debit) failed at Stripe. Nothing was fulfilled; call them if they still want it.'],
  'checkout-failed': (o) => [`Order ${o.order_number}: could not open Stripe's payment page`, 'The order is saved, but Stripe did not answer or refused to open a Checkout Session, so the buyer was asked to call us or try again. Call them to take payment.'],
  'duplicate-membership': (o) => [`Order ${o.order_number}: a membership was paid for an address that already has it`, 'While this order was being paid, the same plan was bought for the same address by another order. The membership was not created twice: refund or extend the earlier one, and call the buyer.'],
};

/** To the office: what happened to an online order. */
export function staffOrderEmail(event: StaffOrderEvent, order: OrderFacts, items: readonly ItemFacts[]): OutboxEmail {
  const [subject, intro] = staffIntro[event](order);
  return compose('staff', `${subject} (${order.name})`, [intro], orderDetails(order, items), order.email);
}
