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
  const max = Math.max(1, ...d.byPage.map((p) => p.count));
  return (
    <div className="space-y-8">
      <section aria-labelledby="now-heading">
        <h2 id="now-heading" className="text-xl font-extrabold">Needs a person now</h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          <Stat label="New estimate requests" value={d.newEstimates} href="/admin/leads?status=new&kind=estimate" />
          <Stat label="New booking requests" value={d.newBookings} href="/admin/leads?status=new&kind=booking" />
          <Stat label="Open requests in all" value={d.open} href="/admin/leads" />
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
        <ul className="mt-3 grid gap-3 sm:grid-cols-4">
          <Stat label="Estimate requests" value={d.last30Days.estimates} />
          <Stat label="Booking requests" value={d.last30Days.bookings} />
          <Stat label="Marked won" value={d.last30Days.won} />
          <Stat label="Spam caught" value={d.last30Days.spam} />
        </ul>
        {d.byPage.length > 0 && (
          <figure className="card mt-4 p-4">
            <figcaption className="font-bold">Requests by the page they were sent from</figcaption>
            <table className="mt-2 w-full text-sm">
              <thead className="sr-only"><tr><th scope="col">Page</th><th scope="col">Requests</th></tr></thead>
              <tbody>
                {d.byPage.map((p) => (
                  <tr key={p.pageContext}>
                    <th scope="row" className="w-1/2 py-1 pr-3 text-left font-normal break-words">{p.pageContext}</th>
                    <td className="py-1">
                      <div className="flex items-center gap-2">
                        <span className="h-3 rounded bg-brand-700" style={{ width: `${Math.max(4, (p.count / max) * 85)}%` }} aria-hidden="true" />
                        <span>{p.count}</span>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </figure>
        )}
      </section>
    </div>
  );
}
