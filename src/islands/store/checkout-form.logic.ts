/**
 * The checkout form's pure rules. Its fields are named by their path in the request
 * (`items.0.serviceAddress.city`, `shippingAddress.zip`), the same names the server uses for a
 * field's error, so a 400's messages land next to their fields.
 */
import { checkoutRequestSchema, type CheckoutRequest, type PostalAddress } from '../../lib/api/checkout.contract';
import type { RenewalPrefill } from '../../lib/api/renewal.contract';
import { fieldErrors, humanIssueMessage } from '../../lib/api/validation';
import type { StoreItem } from '../../lib/store/catalogue';

export interface CheckoutLine {
  slug: string;
  quantity: number;
  item: StoreItem;
}

export type CheckoutValues = Record<string, string>;

export interface CheckoutChoices {
  billingSameAsService: boolean;
  acceptTerms: boolean;
}

export const addressParts = ['line1', 'line2', 'city', 'state', 'zip'] as const;
export type AddressPart = (typeof addressParts)[number];

export const serviceAddressPath = (index: number) => `items.${index}.serviceAddress`;

/** A business membership can only be bought as commercial. */
export const forcesCommercial = (lines: readonly CheckoutLine[]): boolean => lines.some((l) => l.item.kind === 'membership' && l.item.propertyType === 'commercial');
export const hasMembership = (lines: readonly CheckoutLine[]): boolean => lines.some((l) => l.item.kind === 'membership');
export const shipsProduct = (lines: readonly CheckoutLine[]): boolean => lines.some((l) => l.item.kind === 'product');

/** A field's value; an address's state starts as TX (both offices serve Central Texas). */
export const fieldValue = (values: CheckoutValues, name: string): string => values[name] ?? (name.endsWith('.state') ? 'TX' : '');

const text = (values: CheckoutValues, name: string) => fieldValue(values, name).trim();

/** Every field path the form shows for these lines, and the groups an error may name (an address, the items). */
export function formPaths(lines: readonly CheckoutLine[], commercial: boolean, billingSame: boolean): Set<string> {
  const paths = new Set(['name', 'phone', 'email', 'propertyType', 'billingSameAsService', 'billingAddress', 'acceptTerms', 'items', 'website']);
  if (commercial) for (const name of ['company', 'contactPerson']) paths.add(name);
  const addresses = lines.flatMap((line, index) => (line.item.kind === 'membership' ? [serviceAddressPath(index)] : []));
  if (shipsProduct(lines)) addresses.push('shippingAddress');
  if (!billingSame) addresses.push('billingAddress');
  for (const prefix of addresses) {
    paths.add(prefix);
    for (const part of addressParts) paths.add(`${prefix}.${part}`);
  }
  return paths;
}

function address(values: CheckoutValues, prefix: string): PostalAddress {
  const line2 = text(values, `${prefix}.line2`);
  return {
    line1: text(values, `${prefix}.line1`),
    ...(line2 ? { line2 } : {}),
    city: text(values, `${prefix}.city`),
    state: text(values, `${prefix}.state`),
    zip: text(values, `${prefix}.zip`),
  };
}

/** The request the form sends; prices are never part of it. */
export function checkoutPayload(values: CheckoutValues, choices: CheckoutChoices, lines: readonly CheckoutLine[], formStartTime: number, renewalToken?: string): CheckoutRequest {
  const commercial = forcesCommercial(lines) || values.propertyType === 'commercial';
  const optional = (name: string) => (text(values, name) ? { [name]: text(values, name) } : {});
  return {
    items: lines.map((line, index) => ({
      slug: line.slug,
      quantity: line.item.kind === 'membership' ? 1 : line.quantity,
      ...(line.item.kind === 'membership' ? { serviceAddress: address(values, serviceAddressPath(index)) } : {}),
    })),
    name: text(values, 'name'),
    phone: text(values, 'phone'),
    email: text(values, 'email'),
    propertyType: commercial ? 'commercial' : 'residential',
    ...(commercial ? { ...optional('company'), ...optional('contactPerson') } : {}),
    ...(shipsProduct(lines) ? { shippingAddress: address(values, 'shippingAddress') } : {}),
    billingSameAsService: choices.billingSameAsService,
    ...(choices.billingSameAsService ? {} : { billingAddress: address(values, 'billingAddress') }),
    acceptTerms: choices.acceptTerms as true,
    ...(renewalToken ? { renewalToken } : {}),
    website: values.website ?? '',
    formStartTime,
  };
}

/** Field path → message, with the server's own sentences; empty when the request may be sent. */
export function checkCheckout(payload: CheckoutRequest): Record<string, string> {
  const result = checkoutRequestSchema.safeParse(payload, { error: humanIssueMessage });
  if (result.success) return {};
  // The schema checks the commercial fields only once every other field is valid; say it all at once.
  const early: Record<string, string> = {};
  if (payload.propertyType === 'commercial') {
    if (!payload.company) early.company = 'Enter the company name.';
    if (!payload.contactPerson) early.contactPerson = 'Enter the name of the contact person.';
  }
  return { ...early, ...fieldErrors(result.error) };
}

/** What the buyer said, without the clock and the trap: the same fingerprint reuses the idempotency key. */
export function checkoutFingerprint(payload: CheckoutRequest): string {
  const { formStartTime: _t, website: _w, ...said } = payload;
  return JSON.stringify(said);
}

/**
 * The form's values with a renewal's pre-fill: the holder's contact details, and the membership's
 * address as the service address of line `index`. Whatever was typed already is kept.
 */
export function withRenewal(values: CheckoutValues, prefill: RenewalPrefill, index: number): CheckoutValues {
  const filled: CheckoutValues = { name: prefill.name, email: prefill.email, phone: prefill.phone, propertyType: prefill.propertyType };
  if (prefill.company) filled.company = prefill.company;
  if (prefill.contactPerson) filled.contactPerson = prefill.contactPerson;
  for (const part of addressParts) {
    const value = prefill.serviceAddress[part];
    if (value) filled[`${serviceAddressPath(index)}.${part}`] = value;
  }
  const typed = Object.fromEntries(Object.entries(values).filter(([name, value]) => name !== 'propertyType' && value.trim() !== ''));
  return { ...values, ...filled, ...typed };
}

/** Server field errors this form has no field for (shown with the general message). */
export function unplacedErrors(errors: Record<string, string>, placed: ReadonlySet<string>): string[] {
  return Object.entries(errors).filter(([path]) => !placed.has(path)).map(([, message]) => message);
}
