/**
 * The customer portal's endpoints (/customer-portal). Every one is `customer`: the server finds the
 * signed-in customer from the portal session cookie and answers only with that customer's records,
 * so no endpoint takes a customer, order, membership or job id from the browser. The ids a customer
 * sends are the account they choose (only accounts with their own email are accepted) and one of
 * their own service addresses to change or remove (any other address id is the same 404 as a missing one).
 * Sign-in itself is Better Auth at /api/portal/auth/* (see libraryRoutes in ./index.ts).
 */
import { referralStatuses } from '../referrals';
import { z } from 'zod';
import { orderStates } from './checkout.contract';
import { defineContract } from './contract';
import { addressFields, customerName, optionalPhone, publicIdSchema } from './customer-fields';

export const portalAccount = z.object({ publicId: z.string(), name: z.string(), place: z.string().nullable() });
export type PortalAccount = z.output<typeof portalAccount>;

export const portalSession = z.object({
  email: z.string(),
  accounts: z.array(portalAccount),
  /** The chosen account's public id; null while the person has several and has not chosen. */
  chosen: z.string().nullable(),
});
export type PortalSession = z.output<typeof portalSession>;

/** GET /api/portal/session: who is signed in, and which accounts their email opens. */
export const portalSessionContract = defineContract({
  path: '/api/portal/session',
  method: 'GET',
  access: 'customer',
  response: portalSession,
});

/** PUT /api/portal/session: choose one of the accounts (404 for any other record). */
export const portalChooseAccountContract = defineContract({
  path: '/api/portal/session',
  method: 'PUT',
  access: 'customer',
  request: z.strictObject({ account: publicIdSchema }),
  response: portalSession,
  maxBodyBytes: 1024,
});

const portalProfile = z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() });
const portalAddress = z.object({
  /** The address's id, for changing or removing it; the server answers 404 for any address that is not the customer's own. */
  id: z.number().int(),
  line1: z.string(), line2: z.string().nullable(), city: z.string(), state: z.string(), zip: z.string(),
  /** The plan of an active membership covering this address (it cannot be removed, or moved to another place, while one does); null when none. */
  membership: z.string().nullable(),
});

export const portalOverview = z.object({
  profile: portalProfile,
  addresses: z.array(portalAddress),
  memberships: z.array(z.object({
    plan: z.string(),
    address: z.string(),
    startsOn: z.string(),
    endsOn: z.string(),
    status: z.enum(['active', 'cancelled', 'refunded']),
    visitsUsed: z.number().int(),
    visitsIncluded: z.number().int(),
    /** The store's renewal checkout for this membership; null when it cannot be renewed online. */
    renewUrl: z.string().nullable(),
  })),
  orders: z.array(z.object({
    orderNumber: z.string(),
    createdAt: z.string(),
    status: z.enum(orderStates),
    totalCents: z.number().int(),
    items: z.array(z.object({ name: z.string(), quantity: z.number().int() })),
  })),
  visits: z.array(z.object({
    completedAt: z.string().nullable(), service: z.string(), address: z.string().nullable(), totalCents: z.number().int().nullable(),
    /** A recent visit's review: where to write it (the request's own link when one was sent), or that it was written. */
    review: z.discriminatedUnion('state', [z.object({ state: z.literal('invited'), url: z.string() }), z.object({ state: z.literal('reviewed') })]).nullable(),
  })),
  bookings: z.array(z.object({
    reference: z.string(),
    createdAt: z.string(),
    service: z.string().nullable(),
    preferredDate: z.string().nullable(),
    arrivalWindow: z.string().nullable(),
    status: z.enum(['received', 'contacted', 'scheduled', 'completed', 'closed']),
  })),
  /** The customer's referral link and code, the friends they referred (first names only) and their credits. */
  referral: z.object({
    code: z.string(),
    link: z.string(),
    referrals: z.array(z.object({ friendFirstName: z.string(), status: z.enum(referralStatuses), referredAt: z.string() })),
    credits: z.array(z.object({ amountCents: z.number().int(), issuedAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable(), expired: z.boolean() })),
    availableCents: z.number().int(),
  }),
  /** Where the customer chooses which emails we send (their address's own preferences page); null without an email. */
  emailPreferencesUrl: z.string().nullable(),
  /** Text messages to the mobile number on the account: signed up (opted in), stopped (opted out) or never asked; null without a mobile number. */
  texts: z.object({ phone: z.string(), standing: z.enum(['opted-in', 'opted-out', 'none']) }).nullable(),
});
export type PortalOverview = z.output<typeof portalOverview>;

/** GET /api/portal/overview: the chosen account's profile, addresses, memberships, orders, visits and booking requests. */
export const portalOverviewContract = defineContract({
  path: '/api/portal/overview',
  method: 'GET',
  access: 'customer',
  response: portalOverview,
});

/** PATCH /api/portal/profile: the customer's own name and phone (an email change goes through the office). */
export const portalProfileContract = defineContract({
  path: '/api/portal/profile',
  method: 'PATCH',
  access: 'customer',
  request: z.strictObject({ name: customerName, phone: optionalPhone }),
  response: portalProfile,
  maxBodyBytes: 2048,
});

/** POST /api/portal/addresses: add a service address to the customer's own record. */
export const portalAddressAddContract = defineContract({
  path: '/api/portal/addresses',
  method: 'POST',
  access: 'customer',
  request: z.strictObject({ ...addressFields, line2: addressFields.line2.optional() }),
  response: z.object({ addresses: z.array(portalAddress) }),
  maxBodyBytes: 2048,
});

const portalAddressParams = z.strictObject({ id: z.coerce.number({ error: 'This address id is not valid.' }).int().min(1).max(2_147_483_647) });

/**
 * PATCH /api/portal/addresses/:id: correct one of the customer's own addresses. The same place spelled
 * differently is corrected where it is; a different place replaces it (visits already made there keep
 * naming the old one), except while an active membership covers it (409).
 */
export const portalAddressUpdateContract = defineContract({
  path: '/api/portal/addresses/:id',
  method: 'PATCH',
  access: 'customer',
  params: portalAddressParams,
  request: z.strictObject({ ...addressFields, line2: addressFields.line2.optional() }),
  response: z.object({ addresses: z.array(portalAddress) }),
  maxBodyBytes: 2048,
});

/** DELETE /api/portal/addresses/:id: remove one of the customer's own addresses (409 while an active membership covers it). */
export const portalAddressRemoveContract = defineContract({
  path: '/api/portal/addresses/:id',
  method: 'DELETE',
  access: 'customer',
  params: portalAddressParams,
  response: z.object({ addresses: z.array(portalAddress) }),
});

/**
 * GET /api/portal/signed-in: whether this browser has a portal session. Public, and never a 401:
 * the portal page asks it on load, and "nobody is signed in" is an answer, not an error (a 401
 * would be logged in the browser's console). Says nothing about who; the session endpoint does.
 */
export const portalSignedInContract = defineContract({
  path: '/api/portal/signed-in',
  method: 'GET',
  access: 'public',
  response: z.object({ signedIn: z.boolean() }),
});

export const portalContracts = [portalSessionContract, portalChooseAccountContract, portalOverviewContract, portalProfileContract, portalAddressAddContract, portalAddressUpdateContract, portalAddressRemoveContract] as const;
