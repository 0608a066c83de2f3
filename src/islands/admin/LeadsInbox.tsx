/**
 * /admin/leads: the inbox of estimate and booking requests. A server-paginated table (sort by
 * column, search, filter by status and kind) and the open lead beside it on desktop, over it on
 * phones: everything the visitor sent, status, notes, history, and call/text/email links.
 */
import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { leadStatuses, leadStatusLabels, type LeadSummary } from '../../lib/api/admin/leads.contract';
import { $leadList, $leadQuery, $openLead, closeLead, loadLeads, openLead, queryFromSearch, saveLead, searchFromQuery, setLeadQuery, type LeadQuery } from './leads.store';
import { $staff, loadStaff } from './session.store';
import Pager from './Pager';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });
const when = (iso: string) => dateTime.format(new Date(iso));

const columns: { key: LeadQuery['sort'] | null; label: string }[] = [
  { key: 'created_at', label: 'Received' },
  { key: 'name', label: 'Name' },
  { key: 'kind', label: 'Type' },
  { key: null, label: 'Service' },
  { key: 'status', label: 'Status' },
];

function SortHeader({ column, query }: { column: (typeof columns)[number]; query: LeadQuery }) {
  if (!column.key) return <th scope="col" className="px-3 py-2 text-left">{column.label}</th>;
  const active = query.sort === column.key;
  const next = active && query.dir === 'desc' ? 'asc' : 'desc';
  return (
    <th scope="col" className="px-3 py-2 text-left" aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="font-bold underline-offset-2 hover:underline" onClick={() => setLeadQuery({ sort: column.key!, dir: active ? next : 'desc' })}>
        {column.label}
        <span aria-hidden="true">{active ? (query.dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

function LeadRow({ lead, selected }: { lead: LeadSummary; selected: boolean }) {
  return (
    <tr className={selected ? 'bg-brand-50' : 'border-t border-line'}>
      <td className="px-3 py-2 whitespace-nowrap">{when(lead.createdAt)}</td>
      <td className="px-3 py-2">
        <a href={`?id=${lead.id}`} onClick={(e) => { e.preventDefault(); void openLead(lead.id); history.replaceState(null, '', searchFromQuery($leadQuery.get(), lead.id) || location.pathname); }} className="font-semibold">
          {lead.name}
        </a>
        {lead.isDemo && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">demo</span>}
        <div className="text-xs text-muted">{lead.reference}</div>
      </td>
      <td className="px-3 py-2">{lead.kind === 'booking' ? 'Booking' : 'Estimate'}</td>
      <td className="px-3 py-2">{lead.service ?? '—'}</td>
      <td className="px-3 py-2">{leadStatusLabels[lead.status]}</td>
    </tr>
  );
}

function LeadPanel() {
  const open = useStore($openLead);
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [notes, setNotes] = useState('');
  useEffect(() => {
    if (open.status === 'ready' && open.lead) setNotes(open.lead.notes ?? '');
  }, [open.lead]);
  useEffect(() => {
    if (open.status === 'ready') headingRef.current?.focus();
  }, [open.lead?.id]);
  if (open.status === 'closed') return null;
  if (open.status === 'loading') return <section className="card p-5" aria-busy="true"><p>Loading the lead…</p></section>;
  if (!open.lead) return <section className="card p-5" role="alert"><p>{open.message}</p></section>;
  const lead = open.lead;
  const close = () => { closeLead(); history.replaceState(null, '', searchFromQuery($leadQuery.get()) || location.pathname); };
  const onNotes = (event: FormEvent) => { event.preventDefault(); void saveLead(lead.id, { notes }); };
  const details: [string, string | null][] = [
    ['Phone', lead.phone], ['Email', lead.email], ['Service', lead.service], ['Location', lead.location], ['Urgency', lead.urgency],
    ['ZIP', lead.zip], ['Preferred day', lead.preferredDate], ['Arrival window', lead.arrivalWindow], ['Office', lead.officeId],
    ['Sent from', lead.pageContext], ['Traffic source', lead.trafficSource ?? 'Direct or unknown'], ['Spam reason', lead.spamReason],
  ];
  return (
    <section className="card p-5" aria-labelledby={`${id}-heading`}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-extrabold focus:outline-none">{lead.name}</h2>
          <p className="text-sm text-muted">{lead.kind === 'booking' ? 'Booking request' : 'Estimate request'} {lead.reference} · {when(lead.createdAt)}</p>
        </div>
        <button type="button" className="btn btn-outline px-3 text-sm" onClick={close}>Close</button>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <a className="btn btn-call px-3 text-sm" href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>Call {lead.phone}</a>
        <a className="btn btn-outline px-3 text-sm" href={`sms:${lead.phone.replace(/[^\d+]/g, '')}`}>Text</a>
        {lead.email && <a className="btn btn-outline px-3 text-sm" href={`mailto:${lead.email}`}>Email</a>}
      </div>
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {details.filter(([, v]) => v).map(([k, v]) => (<Fragment key={k}><dt className="font-semibold">{k}</dt><dd className="break-words">{v}</dd></Fragment>))}
      </dl>
      {lead.message && (<><h3 className="mt-4 font-bold">Message</h3><p className="mt-1 whitespace-pre-wrap break-words text-sm">{lead.message}</p></>)}
      <label htmlFor={`${id}-status`} className="mt-4 block font-bold">Status</label>
      <select id={`${id}-status`} value={lead.status} disabled={open.status === 'saving'} onChange={(e) => void saveLead(lead.id, { status: e.target.value as LeadSummary['status'] })} className="mt-1 rounded-md border border-line px-3 py-2">
        {leadStatuses.map((s) => <option key={s} value={s}>{leadStatusLabels[s]}</option>)}
      </select>
      {lead.status === 'spam' && (
        <p className="mt-2 text-sm">
          {lead.spamReason ? `Caught as spam (${lead.spamReason === 'trap' ? 'the hidden field was filled' : 'sent within 3 seconds of the form opening'}). ` : ''}
          <button type="button" className="btn btn-outline px-3 text-sm" disabled={open.status === 'saving'} onClick={() => void saveLead(lead.id, { status: 'new' })}>Not spam: move to new</button>
        </p>
      )}
      {lead.statusChangedAt && <p className="mt-1 text-xs text-muted">Changed by {lead.statusChangedBy} on {when(lead.statusChangedAt)}</p>}
      <form onSubmit={onNotes} className="mt-4">
        <label htmlFor={`${id}-notes`} className="block font-bold">Notes</label>
        <textarea id={`${id}-notes`} value={notes} maxLength={5000} rows={4} onChange={(e) => setNotes(e.target.value)} className="mt-1 w-full rounded-md border border-line px-3 py-2 text-sm" />
        <button type="submit" className="btn btn-primary mt-2 px-4 text-sm" disabled={open.status === 'saving'}>Save notes</button>
      </form>
      <p role="status" className="mt-2 text-sm">{open.message}</p>
      <h3 className="mt-4 font-bold">History</h3>
      {lead.history.length === 0 ? <p className="text-sm text-muted">No changes yet.</p> : (
        <ul className="mt-1 space-y-1 text-sm">
          {lead.history.map((h, i) => <li key={i}>{when(h.at)}: {h.actor} — {describe(h.action, h.before, h.after)}</li>)}
        </ul>
      )}
    </section>
  );
}

function describe(action: string, before: unknown, after: unknown): string {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  if ('status' in a) parts.push(`status ${leadStatusLabels[b.status as LeadSummary['status']] ?? b.status} → ${leadStatusLabels[a.status as LeadSummary['status']] ?? a.status}`);
  if ('notes' in a) parts.push('notes changed');
  return parts.join(', ') || action;
}

export default function LeadsInbox() {
  const staff = useStore($staff);
  const query = useStore($leadQuery);
  const list = useStore($leadList);
  const open = useStore($openLead);
  const id = useId();
  useEffect(() => {
    // The address is read once, before anything can rewrite it.
    const leadId = Number(new URLSearchParams(location.search).get('id'));
    $leadQuery.set(queryFromSearch(location.search));
    void loadStaff().then(() => {
      if ($staff.get().status !== 'signed-in') return;
      void loadLeads();
      if (Number.isInteger(leadId) && leadId > 0) void openLead(leadId);
    });
  }, []);
  useEffect(() => {
    if (staff.status === 'signed-in' && $leadList.get().status !== 'idle') history.replaceState(null, '', (searchFromQuery(query, $openLead.get().lead?.id) || location.pathname));
  }, [query]);

  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  const pages = Math.max(1, Math.ceil(list.total / query.pageSize));
  const onSearch = (event: FormEvent<HTMLFormElement>) => { event.preventDefault(); setLeadQuery({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() }); };

  return (
    <div className={open.status === 'closed' ? '' : 'grid gap-6 xl:grid-cols-[minmax(0,1fr)_26rem]'}>
      <div className="min-w-0">
        <form role="search" onSubmit={onSearch} className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor={`${id}-q`} className="block text-sm font-bold">Search</label>
            <input id={`${id}-q`} name="q" type="search" defaultValue={query.q} maxLength={100} placeholder="Name, phone, email, reference" className="mt-1 w-64 max-w-full rounded-md border border-line px-3 py-2" />
          </div>
          <button type="submit" className="btn btn-primary px-4">Search</button>
          <div>
            <label htmlFor={`${id}-status`} className="block text-sm font-bold">Status</label>
            <select id={`${id}-status`} value={query.status} onChange={(e) => setLeadQuery({ status: e.target.value as LeadQuery['status'] })} className="mt-1 rounded-md border border-line px-3 py-2">
              <option value="open">Open (new, contacted, scheduled)</option>
              <option value="all">All</option>
              {leadStatuses.map((s) => <option key={s} value={s}>{leadStatusLabels[s]}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-kind`} className="block text-sm font-bold">Type</label>
            <select id={`${id}-kind`} value={query.kind} onChange={(e) => setLeadQuery({ kind: e.target.value as LeadQuery['kind'] })} className="mt-1 rounded-md border border-line px-3 py-2">
              <option value="all">Estimates and bookings</option>
              <option value="estimate">Estimates</option>
              <option value="booking">Bookings</option>
            </select>
          </div>
        </form>
        <p role="status" className="mt-4 text-sm text-muted">
          {list.status === 'loading' ? 'Loading…' : list.status === 'error' ? '' : `${list.total} ${list.total === 1 ? 'request' : 'requests'}${pages > 1 ? `, page ${query.page} of ${pages}` : ''}`}
        </p>
        {list.status === 'error' && <p role="alert" className="mt-2 font-semibold text-red-700">{list.message} <button type="button" className="underline" onClick={() => void loadLeads()}>Try again</button></p>}
        <div className="mt-2 overflow-x-auto rounded-lg border border-line bg-white" tabIndex={0} role="region" aria-label="Requests table (scrolls sideways on small screens)">
          <table className="w-full text-sm">
            <caption className="sr-only">Estimate and booking requests, {query.dir === 'desc' ? 'newest' : 'oldest'} first</caption>
            <thead className="bg-surface"><tr>{columns.map((c) => <SortHeader key={c.label} column={c} query={query} />)}</tr></thead>
            <tbody>
              {list.rows.map((lead) => <LeadRow key={lead.id} lead={lead} selected={open.lead?.id === lead.id} />)}
              {list.status === 'ready' && list.rows.length === 0 && <tr><td colSpan={columns.length} className="px-3 py-6 text-center text-muted">No requests match.</td></tr>}
            </tbody>
          </table>
        </div>
        <Pager label="Pages" page={query.page} pages={pages} onPage={(page) => setLeadQuery({ page })} />
        <p className="mt-3 text-sm"><a href={`/api/admin/leads.csv${searchFromQuery({ ...query, page: 1, pageSize: 25 })}`} download>Download these as CSV</a></p>
      </div>
      <LeadPanel />
    </div>
  );
}
