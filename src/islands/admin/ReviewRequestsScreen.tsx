/**
 * /admin/review-requests: the figures, the settings (the links every customer is offered, the master
 * switch, the send hour) and every request with its step, next send and stop reason, with stop and
 * send-again. Nothing here filters customers by how they might rate us: everyone gets the same request.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { reviewRequestStatuses, type ReviewRequestRow } from '../../lib/api/admin/review-requests.contract';
import { fieldClass } from './AdminForm';
import Pager from './Pager';
import {
  $reviewRequestNotice, $reviewRequestQuery, $reviewRequests, $reviewSummary, actOnReviewRequest, loadReviewRequests, loadReviewSummary, saveReviewSettings,
  setReviewRequestQuery, showReviewRequestPage, type ReviewRequestQuery, type ReviewSettingsInput,
} from './review-requests.store';
import ServerSortedTable, { serverSortedColumns } from './ServerSortedTable';
import { $staff, loadStaff } from './session.store';

const when = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' }).format(new Date(iso)) : '—');
const day = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/Chicago' }).format(new Date(iso)) : '—');
const hourLabel = (h: number) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 0, 1, h)));

const statusLabels: Record<ReviewRequestRow['status'], string> = { waiting: 'Waiting', reviewed: 'Reviewed', stopped: 'Stopped', done: 'All sent' };
const statusTone: Record<ReviewRequestRow['status'], string> = { waiting: 'bg-surface', reviewed: 'bg-brand-50 text-brand-900', stopped: 'bg-gray-200 text-gray-800', done: 'bg-amber-100 text-amber-900' };
const stopLabels: Record<NonNullable<ReviewRequestRow['stopReason']>, string> = {
  review: 'A review came in', unsubscribed: 'Opted out', suppressed: 'Address suppressed', bounced: 'Email bounced', staff: 'Stopped by staff', 'switched-off': 'Requests were switched off',
};
const stepLabel = (step: number) => ['Not sent yet', 'Request sent', 'First reminder sent', 'Second reminder sent'][step] ?? `${step} sent`;

function Actions({ row }: { row: ReviewRequestRow }) {
  const [busy, setBusy] = useState(false);
  const run = (action: 'stop' | 'resend') => { setBusy(true); void actOnReviewRequest(row, action).finally(() => setBusy(false)); };
  const canResend = row.status !== 'reviewed' && (row.stopReason === null || row.stopReason === 'staff' || row.stopReason === 'switched-off');
  return (
    <div className="flex flex-wrap gap-1">
      {row.status === 'waiting' && (
        <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" disabled={busy} onClick={() => run('stop')}>Stop<span className="sr-only"> the review request to {row.customer.name}</span></button>
      )}
      {canResend && (
        <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" disabled={busy} onClick={() => run('resend')}>{row.step === 0 ? 'Send now' : 'Send again'}<span className="sr-only"> to {row.customer.name}</span></button>
      )}
    </div>
  );
}

const column = serverSortedColumns<ReviewRequestRow>();
const columns = [
  column.accessor('createdAt', { id: 'created_at', header: 'Job done', cell: (c) => <span className="whitespace-nowrap">{day(c.row.original.jobCompletedAt ?? c.getValue())}</span> }),
  column.accessor((r) => r.customer.name, { id: 'customer', header: 'Customer', cell: (c) => { const r = c.row.original; return <><a href={`/admin/customers?customer=${r.customer.id}`}>{r.customer.name}</a><span className="block text-xs text-muted">{r.email}</span></>; } }),
  column.accessor('service', { id: 'service', header: 'Service', cell: (c) => <a href={`/admin/jobs?job=${c.row.original.jobId}`}>{c.getValue()}</a> }),
  column.accessor('status', { id: 'status', header: 'Status', cell: (c) => { const r = c.row.original; return <><span className={`inline-block rounded px-2 py-0.5 text-xs font-bold ${statusTone[r.status]}`}>{statusLabels[r.status]}</span><span className="block text-xs">{stepLabel(r.step)}</span>{r.stopReason && <span className="block text-xs text-muted">{stopLabels[r.stopReason]}</span>}{r.openedAt && <span className="block text-xs text-muted">Link opened {day(r.openedAt)}</span>}</>; } }),
  column.accessor('nextSendAt', { id: 'next_send_at', header: 'Next email', cell: (c) => <span className="whitespace-nowrap">{when(c.getValue())}</span> }),
  column.display({ id: 'actions', header: 'Actions', cell: (c) => <Actions row={c.row.original} /> }),
];
const sortIds = { created_at: 'created_at', customer: 'customer', status: 'status', next_send_at: 'next_send_at' } as const;

function Figures() {
  const summary = useStore($reviewSummary);
  if (!summary) return <p aria-busy="true">Loading the figures…</p>;
  const f = summary.figures;
  const cards: [string, number][] = [['Requests', f.requests], ['Emails sent', f.sent], ['Opened through the link', f.opened], ['Reviews left', f.reviewed], ['Stopped', f.stopped]];
  return (
    <section aria-labelledby="figures-heading">
      <h2 id="figures-heading" className="text-xl font-extrabold">Figures</h2>
      <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line bg-white p-3"><dt className="text-sm text-muted">{label}</dt><dd className="text-2xl font-extrabold">{value}</dd></div>
        ))}
      </dl>
      <div className="mt-3 overflow-x-auto rounded-lg border border-line bg-white" tabIndex={0} role="region" aria-label="Reviews by source (scrolls sideways on small screens)">
        <table className="w-full text-sm">
          <caption className="px-3 pt-2 text-left font-bold">Reviews by source</caption>
          <thead className="bg-surface"><tr>{['Source', 'Reviews', 'Published', 'Average rating'].map((h) => <th key={h} scope="col" className="px-3 py-2 text-left">{h}</th>)}</tr></thead>
          <tbody>
            {f.bySource.map((s) => (
              <tr key={s.source} className="border-t border-line"><td className="px-3 py-2">{s.label} <span className="text-xs text-muted">({s.source})</span></td><td className="px-3 py-2">{s.count}</td><td className="px-3 py-2">{s.approved}</td><td className="px-3 py-2">{s.averageRating === null ? '—' : s.averageRating.toFixed(2)}</td></tr>
            ))}
            {f.bySource.length === 0 && <tr><td colSpan={4} className="px-3 py-6 text-center text-muted">No reviews yet.</td></tr>}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Settings() {
  const summary = useStore($reviewSummary);
  const id = useId();
  const [draft, setDraft] = useState<ReviewSettingsInput | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (summary && !draft) setDraft(summary.settings); }, [summary, draft]);
  if (!draft) return null;
  const setLink = (key: keyof ReviewSettingsInput['links'], value: string) => setDraft({ ...draft, links: { ...draft.links, [key]: value.trim() === '' ? null : value } });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    void saveReviewSettings(draft).then((message) => { if (message) setError(message); }).finally(() => setBusy(false));
  };
  const links: [keyof ReviewSettingsInput['links'], string][] = [['google', 'Google review link'], ['facebook', 'Facebook review link'], ['yelp', 'Yelp review link']];
  return (
    <section aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="text-xl font-extrabold">Settings</h2>
      <form onSubmit={submit} className="mt-2 max-w-2xl space-y-3 rounded-lg border border-line bg-white p-4">
        <div className="flex items-center gap-2">
          <input id={`${id}-enabled`} type="checkbox" className="size-5" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />
          <label htmlFor={`${id}-enabled`} className="font-bold">Send review requests after completed jobs</label>
        </div>
        <div>
          <label htmlFor={`${id}-hour`} className="block text-sm font-bold">Send hour (Texas time)</label>
          <select id={`${id}-hour`} value={draft.sendHour} onChange={(e) => setDraft({ ...draft, sendHour: Number(e.target.value) })} className="mt-1 rounded-md border border-line px-3 py-2">
            {Array.from({ length: 11 }, (_, i) => i + 8).map((h) => <option key={h} value={h}>{hourLabel(h)}</option>)}
          </select>
        </div>
        <p className="text-sm text-muted" id={`${id}-links-hint`}>Every customer is offered our own review form and each link set here, whatever their experience. Leave a link empty to leave that site out.</p>
        {links.map(([key, label]) => (
          <div key={key}>
            <label htmlFor={`${id}-${key}`} className="block text-sm font-bold">{label}</label>
            <input id={`${id}-${key}`} type="url" inputMode="url" value={draft.links[key] ?? ''} onChange={(e) => setLink(key, e.target.value)} className={fieldClass} placeholder="https://" aria-describedby={`${id}-links-hint`} />
          </div>
        ))}
        {error && <p role="alert" className="text-sm font-semibold text-call-700">{error}</p>}
        <button type="submit" className="btn btn-primary px-4" disabled={busy}>Save settings</button>
      </form>
    </section>
  );
}

export default function ReviewRequestsScreen() {
  const staff = useStore($staff);
  const query = useStore($reviewRequestQuery);
  const list = useStore($reviewRequests);
  const notice = useStore($reviewRequestNotice);
  const id = useId();
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? Promise.all([loadReviewRequests(), loadReviewSummary()]) : undefined));
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  const data = list.data;
  const rows = data?.rows ?? [];
  return (
    <div className="space-y-10">
      <p className="text-sm" role="status" aria-live="polite">{notice}</p>
      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading" className="text-xl font-extrabold">Requests</h2>
        <div className="mt-2 flex flex-wrap items-end gap-3">
          <div className="max-w-full">
            <label htmlFor={`${id}-status`} className="block text-sm font-bold">Show</label>
            <select id={`${id}-status`} value={query.status ?? ''} onChange={(e) => setReviewRequestQuery({ status: (e.target.value || undefined) as ReviewRequestQuery['status'] })} className="mt-1 max-w-full rounded-md border border-line px-3 py-2">
              <option value="">All requests</option>
              {reviewRequestStatuses.map((s) => <option key={s} value={s}>{statusLabels[s]}</option>)}
            </select>
          </div>
          <p className="text-sm text-muted" role="status">{list.status === 'loading' ? 'Loading…' : list.status === 'error' ? list.message : `${data?.total ?? 0} requests`}</p>
        </div>
        <div className="mt-3">
          <ServerSortedTable rows={rows} columns={columns} sortIds={sortIds} sort={query.sort} onSort={(sort) => setReviewRequestQuery({ sort, dir: sort === 'customer' ? 'asc' : 'desc' })} caption="Review requests" empty={list.status === 'ready' && 'No review requests yet: they start when a job is marked completed.'} />
          <ul className="space-y-3 md:hidden" aria-label="Review requests">
            {rows.map((r) => (
              <li key={r.id} className="rounded-lg border border-line bg-white p-3 text-sm">
                <p className="font-bold">{r.customer.name} <span className="font-normal text-muted">{r.service}</span></p>
                <p className="mt-1"><span className={`inline-block rounded px-2 py-0.5 text-xs font-bold ${statusTone[r.status]}`}>{statusLabels[r.status]}</span> {stepLabel(r.step)}</p>
                {r.stopReason && <p className="text-xs text-muted">{stopLabels[r.stopReason]}</p>}
                {r.nextSendAt && <p className="text-xs">Next email {when(r.nextSendAt)}</p>}
                <div className="mt-2"><Actions row={r} /></div>
              </li>
            ))}
            {list.status === 'ready' && rows.length === 0 && <li className="text-muted">No review requests yet: they start when a job is marked completed.</li>}
          </ul>
        </div>
        <Pager label="Review request pages" page={query.page} pages={data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1} onPage={showReviewRequestPage} />
      </section>
      <Figures />
      <Settings />
    </div>
  );
}
