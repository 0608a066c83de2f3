/** A signed-in customer's own records: details, memberships, addresses, orders, visits, booking requests and referrals. */
import type { ReactNode } from 'react';
import { referralTerms } from '../../business/referrals';
import type { PortalOverview } from '../../lib/api/portal.contract';
import { OfficePhones } from '../shared/FormFields';
import { officePhoneList } from '../shared/office-phones';
import { calendarDayOf, dayOf, money } from './format';
import PortalAddresses from './PortalAddresses';
import { AddressForm, ProfileForm } from './PortalForms';
import { prefillBooking, switchAccount, type PortalState } from './portal.store';

function Section({ id, title, children, action }: { id: string; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby={`portal-${id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`portal-${id}`} className="text-xl font-extrabold">{title}</h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const None = ({ children }: { children: ReactNode }) => <p className="text-muted">{children}</p>;

const orderState: Record<PortalOverview['orders'][number]['status'], string> = {
  requested: 'Received: we will call to take payment', processing: 'Payment in progress', paid: 'Paid', failed: 'Payment failed',
  expired: 'Not completed', cancelled: 'Cancelled', refunded: 'Refunded',
};
const bookingState: Record<PortalOverview['bookings'][number]['status'], string> = {
  received: 'Received', contacted: 'We contacted you', scheduled: 'Scheduled', completed: 'Completed', closed: 'Closed',
};
/** What a referrer reads about a friend they referred (staff's flags stay with staff). */
const referralState: Record<PortalOverview['referral']['referrals'][number]['status'], string> = {
  pending: 'Waiting for their first paid job', qualified: 'Job paid: your credit is being checked', credited: 'Credit issued',
  ineligible: 'Not eligible', flagged: 'Being checked by our office',
};

function ReferralSection({ referral }: { referral: PortalOverview['referral'] }) {
  return (
    <Section id="referrals" title="Refer a friend" action={<a href="/refer-a-friend" className="font-semibold text-brand-700 underline">How it works</a>}>
      <p>{referralTerms.lines[0]} {referralTerms.lines[1]}</p>
      <p className="mt-3"><span className="font-semibold">Your link:</span> <a href={referral.link} className="break-all text-brand-700 underline">{referral.link}</a></p>
      <p><span className="font-semibold">Your code:</span> <span className="font-mono">{referral.code}</span></p>
      <p className="mt-3"><span className="font-semibold">Credit available:</span> {money(referral.availableCents)}</p>
      {referral.referrals.length === 0 ? <None>No friends referred yet.</None> : (
        <ul className="mt-2 divide-y divide-line">
          {referral.referrals.map((r) => (
            <li key={`${r.friendFirstName}-${r.referredAt}`} className="flex flex-wrap justify-between gap-2 py-2">
              <span>{r.friendFirstName} <span className="text-muted">· {dayOf(r.referredAt)}</span></span>
              <span className="text-sm">{referralState[r.status]}</span>
            </li>
          ))}
        </ul>
      )}
      {referral.credits.length > 0 && (
        <ul className="mt-2 text-sm text-muted">
          {referral.credits.map((c) => (
            <li key={c.issuedAt}>{money(c.amountCents)} credit issued {dayOf(c.issuedAt)}: {c.usedAt ? `used ${dayOf(c.usedAt)}` : c.expired ? 'expired' : `use it by ${dayOf(c.expiresAt)}`}</li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const membershipState = (m: PortalOverview['memberships'][number], today: string) =>
  m.status !== 'active' ? (m.status === 'refunded' ? 'Refunded' : 'Cancelled') : m.endsOn < today ? 'Ended' : m.startsOn > today ? 'Starts soon' : 'Active';

export default function PortalDashboard({ state }: { state: PortalState }) {
  const overview = state.overview!;
  const { profile } = overview;
  const several = (state.session?.accounts.length ?? 0) > 1;
  const today = new Date().toISOString().slice(0, 10);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg">Signed in as <span className="font-bold">{profile.name}</span>{profile.email && <span className="text-muted"> ({profile.email})</span>}</p>
        {several && <button type="button" className="btn btn-outline" onClick={switchAccount}>Switch account</button>}
      </div>

      <Section id="memberships" title="Memberships" action={<a href="/membership-benefits" className="font-semibold text-brand-700 underline">What members get</a>}>
        {overview.memberships.length === 0 ? <None>No memberships yet. <a href="/store" className="font-semibold text-brand-700 underline">See the plans in our store</a>.</None> : (
          <ul className="grid gap-4 md:grid-cols-2">
            {overview.memberships.map((m) => (
              <li key={`${m.plan}-${m.startsOn}-${m.address}`} className="rounded-lg border border-line p-4">
                <p className="text-lg font-bold">{m.plan}</p>
                <p className="text-muted">{m.address}</p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="font-semibold">Status</dt><dd>{membershipState(m, today)}</dd>
                  <dt className="font-semibold">Covers</dt><dd>{calendarDayOf(m.startsOn)} – {calendarDayOf(m.endsOn)}</dd>
                  <dt className="font-semibold">Visits</dt><dd>{m.visitsUsed} of {m.visitsIncluded} used</dd>
                </dl>
                {m.renewUrl && <a href={m.renewUrl} className="btn btn-primary mt-3">Renew membership<span className="sr-only">: {m.plan}</span></a>}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="bookings" title="Booking requests" action={<a href="/schedule-appointment#book" className="btn btn-primary" onClick={() => prefillBooking(overview)}>Book a visit</a>}>
        {overview.bookings.length === 0 ? <None>No booking requests yet.</None> : (
          <ul className="divide-y divide-line">
            {overview.bookings.map((b) => (
              <li key={b.reference} className="flex flex-wrap justify-between gap-2 py-2">
                <span><span className="font-semibold">{b.service ?? 'Service visit'}</span> <span className="text-muted">· {b.preferredDate ? calendarDayOf(b.preferredDate) : dayOf(b.createdAt)}{b.arrivalWindow ? `, ${b.arrivalWindow}` : ''} · ref. {b.reference}</span></span>
                <span className="font-semibold">{bookingState[b.status]}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="visits" title="Past visits">
        {overview.visits.length === 0 ? <None>No completed visits on this account yet.</None> : (
          <ul className="divide-y divide-line">
            {overview.visits.map((v, i) => (
              <li key={`${v.completedAt}-${i}`} className="flex flex-wrap justify-between gap-2 py-2">
                <span><span className="font-semibold">{v.service}</span> <span className="text-muted">· {v.completedAt ? dayOf(v.completedAt) : ''}{v.address ? ` · ${v.address}` : ''}</span></span>
                <span className="font-semibold">{money(v.totalCents)}</span>
                {v.review?.state === 'invited' && <p className="basis-full text-sm">How did it go? <a href={v.review.url} className="font-semibold text-brand-700 underline">Leave a review<span className="sr-only"> of the {v.service.toLowerCase()} visit</span></a></p>}
                {v.review?.state === 'reviewed' && <p className="basis-full text-sm text-muted">Thank you for your review.</p>}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section id="orders" title="Orders">
        {overview.orders.length === 0 ? <None>No store orders yet.</None> : (
          <ul className="divide-y divide-line">
            {overview.orders.map((o) => (
              <li key={o.orderNumber} className="py-2">
                <p className="flex flex-wrap justify-between gap-2"><span className="font-semibold">{o.orderNumber} <span className="font-normal text-muted">· {dayOf(o.createdAt)}</span></span><span className="font-semibold">{money(o.totalCents)}</span></p>
                <p className="text-sm text-muted">{o.items.map((i) => (i.quantity > 1 ? `${i.quantity} × ${i.name}` : i.name)).join(', ')} · {orderState[o.status]}</p>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <ReferralSection referral={overview.referral} />

      <Section id="addresses" title="Service addresses">
        <PortalAddresses addresses={overview.addresses} />
        <AddressForm />
      </Section>

      <Section id="messages" title="Emails and texts">
        {overview.emailPreferencesUrl
          ? <p>Choose which emails we send you (review requests, referral emails, service reminders, offers) or stop them all: <a href={overview.emailPreferencesUrl} className="font-semibold text-brand-700 underline">Email preferences</a>. Receipts and sign-in codes always come.</p>
          : <None>There is no email on this account, so we send you none.</None>}
        {overview.texts?.standing === 'opted-in'
          ? <p className="mt-2">Texts to {overview.texts.phone} are on. Reply STOP to any text from us to stop them, or HELP for help.</p>
          : <p className="mt-2">{overview.texts?.standing === 'opted-out' ? `Texts to ${overview.texts.phone} are stopped.` : 'We do not text you.'} To get text updates, <a href="/sms-signup" className="font-semibold text-brand-700 underline">sign up for texts</a>.</p>}
      </Section>

      <Section id="details" title="Your details">
        <ProfileForm profile={profile} />
        <div className="mt-4 text-sm text-muted">
          <p>Email: <span className="font-semibold text-ink">{profile.email}</span>. To change the email on your account, call or text the office and we will change it for you:</p>
          <OfficePhones phones={officePhoneList()} />
        </div>
      </Section>
    </div>
  );
}
