/**
 * The customer portal (/customer-portal): what a signed-in customer sees and changes. Every query
 * is scoped by the customer the session chose (src/server/auth/customer-session.ts), never by an id
 * from the browser. A customer's own changes are written to the audit log like staff's, so the
 * office sees who changed a record.
 */
import { customerReferralSummary } from './referral-summary';
import type { Kysely } from 'kysely';
import { ensurePreference } from '../repositories/email-preference.repository';
import { usMobileE164 } from '../../lib/sms/program';
import { smsConsentFor } from './sms';
import { arrivalWindows, leadServices } from '../../business/lead-choices';
import type { RequestOf } from '../../lib/api/contract';
import { phoneDigitsOf } from '../../lib/api/customer-fields';
import { austinOffice, marbleFallsOffice } from '../../business';
import { officeDate } from '../../lib/booking/booking-days';
import type { portalAddressAddContract, portalAddressUpdateContract, PortalOverview, portalProfileContract, PortalSession } from '../../lib/api/portal.contract';
import { addressKey } from '../../lib/store/address-key';
import type { CustomerSession } from '../auth/customer-session';
import type { Database } from '../db/database';
import type { Customer } from '../db/tables/customer.table';
import type { LeadStatus } from '../db/tables/lead.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { listServiceAddresses, lockCustomerByPublicId, lockOwnServiceAddress, updateCustomer, upsertServiceAddress, type ServiceAddress } from '../repositories/customer.repository';
import { listJobsForCustomer } from '../repositories/job.repository';
import { addressText } from './admin-customers';
import { renewLink, withinRenewalWindow } from './membership-renewal';

const iso = (at: Date | string) => new Date(at).toISOString();

/** The session as the portal shows it: the accounts to choose from, with a place to tell them apart. */
export async function portalSessionView(db: Kysely<Database>, session: CustomerSession): Promise<PortalSession> {
  const ids = session.accounts.map((a) => a.id);
  const places = ids.length < 2 ? [] : await db.selectFrom('service_addresses').select(['customer_id', 'line1', 'city']).where('customer_id', 'in', ids).where('removed_at', 'is', null).orderBy('id').execute();
  return {
    email: session.email,
    accounts: session.accounts.map((a) => {
      const place = places.find((p) => p.customer_id === a.id);
      return { publicId: a.public_id, name: a.company ? `${a.name} (${a.company})` : a.name, place: place ? `${place.line1}, ${place.city}` : null };
    }),
    chosen: session.customer?.public_id ?? null,
  };
}

/** The chosen record, or a 409 asking the person to choose one first. */
export function chosenCustomer(session: CustomerSession): Customer {
  if (!session.customer) throw appError('CustomerAccountNotChosen');
  return session.customer;
}

const bookingStatus: Record<Exclude<LeadStatus, 'spam'>, PortalOverview['bookings'][number]['status']> = {
  new: 'received', contacted: 'contacted', scheduled: 'scheduled', won: 'completed', lost: 'closed',
};

/** The plan of each active membership (not ended, cancelled or refunded) by the address it covers. */
async function activeMembershipPlans(db: Kysely<Database>, customerId: number, now = new Date()): Promise<Map<number, { plan: string; endsOn: string }>> {
  const rows = await db.selectFrom('memberships as m').innerJoin('products as p', 'p.id', 'm.product_id').select(['m.service_address_id', 'm.ends_on', 'p.name'])
    .where('m.customer_id', '=', customerId).where('m.status', '=', 'active').where('m.ends_on', '>=', officeDate(now)).orderBy('m.ends_on', 'desc').execute();
  const plans = new Map<number, { plan: string; endsOn: string }>();
  for (const row of rows) if (!plans.has(row.service_address_id)) plans.set(row.service_address_id, { plan: row.name, endsOn: row.ends_on });
  return plans;
}

/** The customer's current addresses (not removed), each with the plan of an active membership covering it. */
async function addressesView(db: Kysely<Database>, customerId: number): Promise<PortalOverview['addresses']> {
  const [rows, plans] = await Promise.all([listServiceAddresses(db, customerId, { current: true }), activeMembershipPlans(db, customerId)]);
  return rows.map((a) => ({ id: a.id, line1: a.line1, line2: a.line2, city: a.city, state: a.state, zip: a.zip, membership: plans.get(a.id)?.plan ?? null }));
}

export async function portalOverview(db: Kysely<Database>, customer: Customer, origin: string): Promise<PortalOverview> {
  const [addresses, memberships, orders, items, jobs, bookings, referral, requests] = await Promise.all([
    addressesView(db, customer.id),
    db.selectFrom('memberships as m').innerJoin('products as p', 'p.id', 'm.product_id').innerJoin('service_addresses as a', 'a.id', 'm.service_address_id')
      .select(['m.public_id', 'm.renewal_token', 'm.product_id', 'm.address_key', 'm.starts_on', 'm.ends_on', 'm.status', 'm.visits_used', 'm.visits_included', 'p.name', 'p.slug', 'p.active', 'a.line1', 'a.line2', 'a.city', 'a.state', 'a.zip'])
      .where('m.customer_id', '=', customer.id).orderBy('m.ends_on', 'desc').limit(100).execute(),
    db.selectFrom('orders').select(['id', 'order_number', 'status', 'total_cents', 'created_at'])
      .where('customer_id', '=', customer.id).where('spam', '=', false).orderBy('created_at', 'desc').limit(100).execute(),
    db.selectFrom('order_items as i').innerJoin('orders as o', 'o.id', 'i.order_id').select(['i.order_id', 'i.name', 'i.quantity'])
      .where('o.customer_id', '=', customer.id).orderBy('i.id').execute(),
    listJobsForCustomer(db, customer.id, 100),
    db.selectFrom('leads').select(['reference', 'created_at', 'service', 'preferred_date', 'arrival_window', 'status'])
      .where('customer_id', '=', customer.id).where('kind', '=', 'booking').where('status', '!=', 'spam').orderBy('created_at', 'desc').limit(50).execute(),
    customerReferralSummary(db, customer.id, origin),
    db.selectFrom('review_requests').select(['job_id', 'token', 'status']).where('customer_id', '=', customer.id).execute(),
  ]);
  const reviewSince = Date.now() - reviewPromptDays * 86_400_000;
  const reviewOf = (job: { id: number; completed_at: Date | null }): PortalOverview['visits'][number]['review'] => {
    const request = requests.find((r) => r.job_id === job.id);
    if (request?.status === 'reviewed') return { state: 'reviewed' };
    if (!job.completed_at || new Date(job.completed_at).getTime() < reviewSince) return null;
    return { state: 'invited', url: request ? `/leave-review/${request.token}` : '/leave-review' };
  };
  const today = officeDate(new Date());
  // Renewed already: another active membership of the plan at the address starts after this one ends.
  const renewedLater = (m: (typeof memberships)[number]) => memberships.some((o) => o.status === 'active' && o.product_id === m.product_id && o.address_key === m.address_key && o.starts_on > m.ends_on);
  return {
    profile: { name: customer.name, email: customer.email, phone: customer.phone },
    addresses,
    memberships: memberships.map((m) => ({
      plan: m.name, address: addressText(m), startsOn: m.starts_on, endsOn: m.ends_on, status: m.status, visitsUsed: m.visits_used, visitsIncluded: m.visits_included,
      renewUrl: m.status === 'active' && m.active && withinRenewalWindow(m.ends_on, today) && !renewedLater(m) ? renewLink('', m.slug, m.renewal_token) : null,
    })),
    orders: orders.map((o) => ({
      orderNumber: o.order_number, createdAt: iso(o.created_at), status: o.status, totalCents: o.total_cents,
      items: items.filter((i) => i.order_id === o.id).map((i) => ({ name: i.name, quantity: i.quantity })),
    })),
    visits: jobs.filter((j) => j.completed_at !== null).map((j) => ({
      completedAt: iso(j.completed_at!), service: j.service, address: j.line1 ? addressText({ line1: j.line1, line2: j.line2, city: j.city!, state: j.state!, zip: j.zip! }) : null, totalCents: j.invoice_total_cents,
      review: reviewOf(j),
    })),
    bookings: bookings.map((b) => ({
      reference: b.reference, createdAt: iso(b.created_at),
      service: leadServices.find((s) => s.id === b.service)?.label ?? null,
      preferredDate: b.preferred_date,
      arrivalWindow: arrivalWindows.find((w) => w.id === b.arrival_window)?.label ?? null,
      status: bookingStatus[b.status as Exclude<LeadStatus, 'spam'>],
    })),
    texts: await textStanding(db, customer.phone),
    emailPreferencesUrl: customer.email ? `/email-preferences/${(await ensurePreference(db, customer.email)).token}` : null,
    referral: {
      code: referral.code, link: referral.link, availableCents: referral.availableCents,
      referrals: referral.referrals.map((r) => ({ friendFirstName: r.friendFirstName, status: r.status, referredAt: r.referredAt })),
      credits: referral.credits.map((c) => ({ amountCents: c.amountCents, issuedAt: c.issuedAt, expiresAt: c.expiresAt, usedAt: c.usedAt, expired: c.expired })),
    },
  };
}

async function textStanding(db: Kysely<Database>, phone: string | null): Promise<PortalOverview['texts']> {
  const mobile = phone ? usMobileE164(phone) : undefined;
  if (!phone || !mobile) return null;
  return { phone, standing: (await smsConsentFor(db, mobile)).standing };
}

/** Visits completed within this many days get a "leave a review" prompt in the portal. */
export const reviewPromptDays = 90;

const actorOf = (session: CustomerSession) => `customer:${session.email}`;

/** The record locked for a change, still live (not merged away meanwhile). */
async function lockOwn(trx: Kysely<Database>, customer: Customer): Promise<Customer> {
  const locked = await lockCustomerByPublicId(trx, customer.public_id);
  if (!locked || locked.merged_into_id !== null || locked.id !== customer.id) throw appError('CustomerSignInRequired');
  return locked;
}

export async function updatePortalProfile(db: Kysely<Database>, session: CustomerSession, input: RequestOf<typeof portalProfileContract>, requestId: string) {
  const customer = chosenCustomer(session);
  return db.transaction().execute(async (trx) => {
    const current = await lockOwn(trx, customer);
    const row = (await updateCustomer(trx, current.id, { name: input.name, phone: input.phone, phone_digits: phoneDigitsOf(input.phone) }))!;
    await recordAudit(trx, {
      actor: actorOf(session), action: 'customer.portal.profile', entity: 'customer', entityId: current.public_id,
      before: { name: current.name, phone: current.phone }, after: { name: row.name, phone: row.phone }, requestId,
    });
    return { name: row.name, email: row.email, phone: row.phone };
  });
}

export async function addPortalAddress(db: Kysely<Database>, session: CustomerSession, input: RequestOf<typeof portalAddressAddContract>, requestId: string) {
  const customer = chosenCustomer(session);
  return db.transaction().execute(async (trx) => {
    const current = await lockOwn(trx, customer);
    const parts = { ...input, line2: input.line2 ?? undefined };
    const key = addressKey(parts);
    const addresses = await listServiceAddresses(trx, current.id, { current: true });
    if (addresses.some((a) => a.address_key === key)) throw alreadyThere();
    if (addresses.length >= 50) throw new HttpError(422, 'Your account already has 50 addresses. Call the office to add more.');
    // An address the customer removed earlier comes back (with the same visits) rather than twice.
    const address = await upsertServiceAddress(trx, current.id, parts, key);
    await recordAudit(trx, { actor: actorOf(session), action: 'customer.address.add', entity: 'customer', entityId: current.public_id, after: { addressId: address.id, address: addressText(address) }, requestId });
    return { addresses: await addressesView(trx, current.id) };
  });
}

const officePhones = `${austinOffice.phone} (Austin) or ${marbleFallsOffice.phone} (Marble Falls)`;
const alreadyThere = () => new HttpError(409, 'This address is already on your account.', { fields: { line1: 'This address is already on your account.' } });
const dayLabel = (date: string) => new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** Whether past visits or memberships (ended ones too) name this address, so its row must keep saying where they were. */
async function hasHistory(trx: Kysely<Database>, addressId: number): Promise<boolean> {
  const [job, membership] = await Promise.all([
    trx.selectFrom('jobs').select('id').where('service_address_id', '=', addressId).limit(1).executeTakeFirst(),
    trx.selectFrom('memberships').select('id').where('service_address_id', '=', addressId).limit(1).executeTakeFirst(),
  ]);
  return job !== undefined || membership !== undefined;
}

/**
 * Corrects one of the customer's own addresses (any other id, or a removed one: the same 404 as a
 * missing one). The same place written differently is corrected in its row. A different place:
 * refused while an active membership covers the address (a membership belongs to its property);
 * otherwise the row is corrected when nothing names it yet, or, when past visits or memberships do,
 * kept for them (removed from the list) and the new place added, so history keeps its real address.
 */
export async function updatePortalAddress(db: Kysely<Database>, session: CustomerSession, id: number, input: RequestOf<typeof portalAddressUpdateContract>, requestId: string) {
  const customer = chosenCustomer(session);
  return db.transaction().execute(async (trx) => {
    const current = await lockOwn(trx, customer);
    const address = await lockOwnServiceAddress(trx, current.id, id);
    if (!address) throw appError('NotFound');
    const parts = { line1: input.line1, line2: input.line2 || null, city: input.city, state: input.state, zip: input.zip };
    const key = addressKey({ ...parts, line2: parts.line2 ?? undefined });
    let saved: ServiceAddress;
    if (key === address.address_key) {
      saved = (await trx.updateTable('service_addresses').set(parts).where('id', '=', address.id).returningAll().executeTakeFirstOrThrow());
    } else {
      const same = (await listServiceAddresses(trx, current.id)).find((a) => a.address_key === key);
      if (same && same.removed_at === null) throw alreadyThere();
      const covered = (await activeMembershipPlans(trx, current.id)).get(address.id);
      if (covered) {
        throw new HttpError(409, `Your ${covered.plan} covers ${addressText(address)} until ${dayLabel(covered.endsOn)}, so this address cannot be changed to another place here. You can correct its spelling; if you moved, call the office at ${officePhones}.`);
      }
      if (!same && !(await hasHistory(trx, address.id))) {
        saved = (await trx.updateTable('service_addresses').set({ ...parts, address_key: key }).where('id', '=', address.id).returningAll().executeTakeFirstOrThrow());
      } else {
        await trx.updateTable('service_addresses').set({ removed_at: new Date() }).where('id', '=', address.id).execute();
        const added = await upsertServiceAddress(trx, current.id, { ...parts, line2: parts.line2 ?? undefined }, key);
        saved = (await trx.updateTable('service_addresses').set(parts).where('id', '=', added.id).returningAll().executeTakeFirstOrThrow());
      }
    }
    await recordAudit(trx, {
      actor: actorOf(session), action: 'customer.address.update', entity: 'customer', entityId: current.public_id,
      before: { addressId: address.id, address: addressText(address) }, after: { addressId: saved.id, address: addressText(saved) }, requestId,
    });
    return { addresses: await addressesView(trx, current.id) };
  });
}

/**
 * Removes one of the customer's own addresses from their list (any other id, or one removed already:
 * the same 404 as a missing one); refused while an active membership covers it. The row stays for the
 * visits and memberships that name it, and comes back if the address is added again.
 */
export async function removePortalAddress(db: Kysely<Database>, session: CustomerSession, id: number, requestId: string) {
  const customer = chosenCustomer(session);
  return db.transaction().execute(async (trx) => {
    const current = await lockOwn(trx, customer);
    const address = await lockOwnServiceAddress(trx, current.id, id);
    if (!address) throw appError('NotFound');
    const covered = (await activeMembershipPlans(trx, current.id)).get(address.id);
    if (covered) {
      throw new HttpError(409, `Your ${covered.plan} covers ${addressText(address)} until ${dayLabel(covered.endsOn)}, so this address cannot be removed while the membership lasts. If you moved, call the office at ${officePhones}.`);
    }
    await trx.updateTable('service_addresses').set({ removed_at: new Date() }).where('id', '=', address.id).execute();
    await recordAudit(trx, { actor: actorOf(session), action: 'customer.address.remove', entity: 'customer', entityId: current.public_id, before: { addressId: address.id, address: addressText(address) }, requestId });
    return { addresses: await addressesView(trx, current.id) };
  });
}
