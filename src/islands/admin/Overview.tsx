/** /admin: what needs a person now (new requests) and the last 30 days at a glance. */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect } from 'react';
import { adminOverviewContract } from '../../lib/api/admin/leads.contract';
import { callContract } from '../../lib/api/client';
import type { ReadOf } from '../../lib/api/contract';
import { $staff, handleAdminError, loadStaff } from './session.store';

type Overview = ReadOf<typeof adminOverviewContract>;
export const $overview = atom<{ status: 'loading' | 'ready' | 'error'; data?: Overview; message: string }>({ status: 'loading', message: '' });

async function loadOverview(): Promise<void> {
  try {
    $overview.set({ status: 'ready', data: await callContract(adminOverviewContract, undefined), message: '' });
  } catch (error) {
    $overview.set({ status: 'error', message: handleAdminError(error) });
  }
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });

function Stat({ label, value, href }: { label: string; value: number; href?: string }) {
  const body = (<><span className="block text-3xl font-extrabold">{value}</span><span className="text-sm text-muted">{label}</span></>);
  return <li className="card p-4">{href ? <a href={href} className="block text-ink no-underline">{body}</a> : body}</li>;
}

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const labelOfDay = (date: string) => dayLabel.format(new Date(`${date}T12:00:00Z`));

/** Bars per day as an image, with the figures as a table for screen readers and anyone who wants them. */
function DailyChart({ days }: { days: Overview['byDay'] }) {
  const max = Math.max(1, ...days.map((d) => Math.max(d.leads, d.chats)));
  const totals = days.reduce((t, d) => ({ leads: t.leads + d.leads, chats: t.chats + d.chats }), { leads: 0, chats: 0 });
  const width = 300;
  const height = 80;
  const slot = width / Math.max(1, days.length);
  const bar = Math.max(1, slot / 2 - 1);
  return (
    <figure className="card mt-4 p-4">
      <figcaption className="font-bold">Requests and chats per day</figcaption>
      <p className="mt-1 text-sm text-muted">
        <span className="mr-1 inline-block h-2.5 w-2.5 rounded-sm bg-brand-700" aria-hidden="true" />Requests ({totals.leads})
        <span className="ml-4 mr-1 inline-block h-2.5 w-2.5 rounded-sm bg-call-600" aria-hidden="true" />Chats ({totals.chats})
      </p>
      <svg viewBox={`0 0 ${width} ${height + 14}`} className="mt-2 h-32 w-full" role="img" aria-label={`${totals.leads} requests and ${totals.chats} chats from ${labelOfDay(days[0]!.date)} to ${labelOfDay(days.at(-1)!.date)}; the table below has each day.`} preserveAspectRatio="none">
        {days.map((d, i) => (
          <g key={d.date}>
            <rect x={i * slot} y={height - (d.leads / max) * height} width={bar} height={(d.leads / max) * height} className="fill-brand-700" />
            <rect x={i * slot + bar + 0.5} y={height - (d.chats / max) * height} width={bar} height={(d.chats / max) * height} className="fill-call-600" />
          </g>
        ))}
        <line x1="0" x2={width} y1={height + 0.5} y2={height + 0.5} className="stroke-line" />
      </svg>
      <div className="flex justify-between text-xs text-muted" aria-hidden="true"><span>{labelOfDay(days[0]!.date)}</span><span>{labelOfDay(days.at(-1)!.date)}</span></div>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer underline">Show each day as a table</summary>
        <table className="mt-2 w-full text-left">
          <thead><tr><th scope="col">Day</th><th scope="col">Requests</th><th scope="col">Chats</th></tr></thead>
          <tbody>{days.map((d) => <tr key={d.date}><th scope="row" className="font-normal">{labelOfDay(d.date)}</th><td>{d.leads}</td><td>{d.chats}</td></tr>)}</tbody>
        </table>
      </details>
    </figure>
  );
}

/** A ranked list with bars, e.g. requests by page or by traffic source. */
function RankedBars({ caption, rows }: { caption: string; rows: { label: string; count: number }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <figure className="card mt-4 p-4">
      <figcaption className="font-bold">{caption}</figcaption>
      <table className="mt-2 w-full text-sm">
        <thead className="sr-only"><tr><th scope="col">Where</th><th scope="col">Requests</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row" className="w-1/2 py-1 pr-3 text-left font-normal break-words">{r.label}</th>
              <td className="py-1">
                <div className="flex items-center gap-2">
                  <span className="h-3 rounded bg-brand-700" style={{ width: `${Math.max(4, (r.count / max) * 85)}%` }} aria-hidden="true" />
                  <span>{r.count}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const sourceLabel = (source: string | null) => (source === null ? 'Direct or unknown' : source.charAt(0).toUpperCase() + source.slice(1));

export default function Overview() {
  const staff = useStore($staff);
  const overview = useStore($overview);
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? loadOverview() : undefined));
  }, []);
  if (staff.status === 'loading' || (staff.status === 'signed-in' && overview.status === 'loading')) return <p aria-busy="true">Loading…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  if (overview.status === 'error' || !overview.data) return <p role="alert">{overview.message} <button type="button" className="underline" onClick={() => void loadOverview()}>Try again</button></p>;
  const d = overview.data;
  const month = d.last30Days;
  return (
    <div className="space-y-8">
      <section aria-labelledby="now-heading">
        <h2 id="now-heading" className="text-xl font-extrabold">Needs a person now</h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          <Stat label="New estimate requests" value={d.newEstimates} href="/admin/leads?status=new&kind=estimate" />
          <Stat label="New booking requests" value={d.newBookings} href="/admin/leads?status=new&kind=booking" />
          <Stat label="Open requests in all" value={d.open} href="/admin/leads" />
          <Stat label="Chats asking for a person (7 days)" value={d.chatHandoffs} href="/admin/chatbot" />
          <Stat label="Emails that could not be sent" value={d.deadEmails} href="/admin/outbox?status=dead" />
          <Stat label="New missing pages (7 days)" value={d.newNotFound} href="/admin/not-found" />
        </ul>
        {d.recent.length > 0 && (
          <ul className="mt-4 divide-y divide-line rounded-lg border border-line bg-white">
            {d.recent.map((lead) => (
              <li key={lead.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2">
                <a href={`/admin/leads?id=${lead.id}`} className="font-semibold">{lead.name}</a>
                <span className="text-sm text-muted">{lead.kind === 'booking' ? 'Booking' : 'Estimate'} · {lead.service ?? 'no service named'} · {when.format(new Date(lead.createdAt))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="month-heading">
        <h2 id="month-heading" className="text-xl font-extrabold">Last 30 days</h2>
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Stat label="Estimate requests" value={month.estimates} />
          <Stat label="Booking requests" value={month.bookings} />
          <Stat label="Marked won" value={month.won} />
          <Stat label="Spam caught" value={month.spam} />
          <Stat label="Chats" value={month.chats} />
          <li className="card p-4">
            <span className="block text-3xl font-extrabold">{month.averageRating === null ? '–' : `${month.averageRating} / 5`}</span>
            <span className="text-sm text-muted">{month.averageRating === null ? 'No chat ratings yet' : `Chat rating, from ${month.ratedChats} rated`}</span>
          </li>
        </ul>
        <DailyChart days={d.byDay} />
        <div className="grid gap-x-4 lg:grid-cols-2">
          {d.bySource.length > 0 && <RankedBars caption="Requests by traffic source" rows={d.bySource.map((r) => ({ label: sourceLabel(r.source), count: r.count }))} />}
          {d.byPage.length > 0 && <RankedBars caption="Requests by the page they were sent from" rows={d.byPage.map((r) => ({ label: r.pageContext, count: r.count }))} />}
        </div>
      </section>
    </div>
  );
}
