/**
 * The store's checkout: POST /api/checkout turns the chosen items and the buyer's details into an
 * order (prices are read from the products table on the server, never from this request) and
 * answers where the browser goes next; GET /api/checkout/status tells the success page the order's
 * real state. Send an `Idempotency-Key` header with the POST, as for /api/contact.
 */
import { z } from 'zod';
import { cartLineSchema, MAX_CART_LINES } from '../store/cart';
import { defineContract } from './contract';
import { leadFields, typedText } from './lead-fields';
import { renewalTokenField } from './renewal.contract';

const required = (max: number, missing: string, what: string) =>
  typedText(max, `Use at most ${max} characters for ${what}.`, missing).min(1, missing);

/** A street address in the United States (service, shipping or billing). */
export const postalAddressSchema = z.strictObject({
  line1: required(120, 'Enter the street address.', 'the street address'),
  line2: typedText(120, 'Use at most 120 characters for the apartment or suite.').optional(),
  city: required(60, 'Enter the city.', 'the city'),
  state: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Enter the two-letter state, e.g. TX.'),
  zip: z.string().trim().regex(/^\d{5}$/, 'Enter the five-digit ZIP code.'),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** One line of the order; a membership line names the address it covers (the server checks which lines are memberships). */
export const checkoutItemSchema = cartLineSchema.extend({
  serviceAddress: postalAddressSchema.optional(),
});

export const checkoutRequestSchema = z
  .strictObject({
    items: z.array(checkoutItemSchema).min(1, 'Your cart is empty. Choose a membership or product first.').max(MAX_CART_LINES, `At most ${MAX_CART_LINES} items in one order.`),
    name: leadFields.name,
    phone: leadFields.phone,
    email: z.email('Enter your email address: your receipt goes there.').max(254, 'Use at most 254 characters for your email.'),
    propertyType: z.enum(['residential', 'commercial'], 'Choose residential or commercial.'),
    /** Required for commercial: the business's name and who we talk to there. */
    company: typedText(120, 'Use at most 120 characters for the company name.').optional(),
    contactPerson: typedText(100, 'Use at most 100 characters for the contact person.').optional(),
    /** Required when a line is a product that ships. */
    shippingAddress: postalAddressSchema.optional(),
    billingSameAsService: z.boolean(),
    /** Required when billingSameAsService is false. */
    billingAddress: postalAddressSchema.optional(),
    acceptTerms: z.literal(true, 'Tick the box to accept the terms.'),
    /** The renewal token of the membership being renewed (its renew link's `?renew=`; see renewal.contract.ts). */
    renewalToken: renewalTokenField.optional(),
    website: leadFields.website,
    formStartTime: leadFields.formStartTime,
  })
  .superRefine((value, ctx) => {
    if (value.propertyType === 'commercial') {
      if (!value.company) ctx.addIssue({ code: 'custom', path: ['company'], message: 'Enter the company name.' });
      if (!value.contactPerson) ctx.addIssue({ code: 'custom', path: ['contactPerson'], message: 'Enter the name of the contact person.' });
    }
    if (!value.billingSameAsService && !value.billingAddress) ctx.addIssue({ code: 'custom', path: ['billingAddress'], message: 'Enter the billing address, or tick "same as the service address".' });
  });

export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** `redirect`: go to Stripe's payment page. `request`: no online payment here; the office calls to take payment. */
export const checkoutAnswerSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('redirect'), orderNumber: z.string(), checkoutUrl: z.url() }),
  z.strictObject({ status: z.literal('request'), orderNumber: z.string(), successUrl: z.string().startsWith('/store/checkout/success') }),
]);

export const checkoutContract = defineContract({
  path: '/api/checkout',
  method: 'POST',
  request: checkoutRequestSchema,
  response: checkoutAnswerSchema,
  maxBodyBytes: 32 * 1024,
});

/** What the success page may say: only what the server knows (the webhook confirms payment). */
export const orderStates = ['requested', 'processing', 'paid', 'failed', 'expired', 'cancelled', 'refunded'] as const;
export type OrderState = (typeof orderStates)[number];

export const checkoutStatusQuerySchema = z
  .strictObject({
    /** The Stripe Checkout Session id Stripe appends to the success URL. */
    session_id: z.string().max(255).regex(/^cs_[A-Za-z0-9_]+$/).optional(),
    /** The order's opaque public id (order requests made without online payment). */
    order: z.string().max(64).regex(/^[A-Za-z0-9_-]+$/).optional(),
  })
  .refine((q) => Boolean(q.session_id) !== Boolean(q.order), 'Give either session_id or order.');

export const checkoutStatusSchema = z.strictObject({
  orderNumber: z.string(),
  status: z.enum(orderStates),
  items: z.array(z.strictObject({ name: z.string(), quantity: z.number().int(), kind: z.enum(['membership', 'product']) })),
  totalCents: z.number().int(),
});

export const checkoutStatusContract = defineContract({
  path: '/api/checkout/status',
  method: 'GET',
  query: checkoutStatusQuerySchema,
  response: checkoutStatusSchema,
});
