/**
 * /admin/referrals: every referral with its status and flags (server-sorted by the shared header),
 * approve or mark ineligible with a reason (audited on the server), the credits ledger, and clicks,
 * referrals and conversions per code. Staff only: nothing here is public, and there is no leaderboard.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { CreditRow, ReferralRow } from '../../lib/api/admin/referrals.contract';
import { referralFlagLabels, referralStatuses, referralStatusLabels } from '../../lib/referrals';
import { ActionDialog, fieldClass } from './AdminForm';
import { $ledger, $referralNotice, $referralQuery, $referrals, loadLedger, loadReferrals, markCreditUsed, reviewReferral, setReferralQuery, type ReferralQuery } from './referrals.store';
import ServerSortedTable, { serverSortedColumns } from './ServerSortedTable';
import { $staff, loadStaff } from './session.store';
import Pager from './Pager';

const money = (cents: number | null) => (cents === null ? '—' : `$${(cents / 100).toFixed(2)}`);
const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/Chicago' }).format(new Date(iso));

const statusTone: Record<ReferralRow['status'], string> = {
  pending: 'bg-surface', qualified: 'bg-amber-100 text-amber-900', credited: 'bg-brand-50 text-brand-900', ineligible: 'bg-gray-200 text-gray-800', flagged: 'bg-red-50 text-red-900',
};

function Decision({ row }: { row: ReferralRow }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (row.status === 'credited' || row.status === 'ineligible') return <span className="text-xs text-muted">{row.status === 'ineligible' ? `Reason: ${row.ineligibleReason ?? ''}` : `Credited ${money(row.creditCents)}`}</span>;
  const canApprove = row.referrer.customerId !== null && (row.status === 'qualified' || row.flags.length > 0) && !row.approvedBy;
  return (
    <div className="flex flex-wrap gap-1">
      {canApprove && (
        <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" disabled={busy} onClick={() => { setBusy(true); void reviewReferral(row, 'approve').then((e) => { if (e) $referralNotice.set(e); }).finally(() => setBusy(false)); }}>
          Approve<span className="sr-only"> the referral of {row.friend.name}</span>
        </button>
      )}
      <ActionDialog trigger="Ineligible" label={`Mark the referral of ${row.friend.name} ineligible`} title={`Mark the referral of ${row.friend.name} ineligible`} description="No credit will be issued. The reason is kept in the audit log.">
        {(close) => (
          <form onSubmit={(e) => { e.preventDefault(); setBusy(true); void reviewReferral(row, 'ineligible', reason.trim()).then((message) => { if (message) setError(message); else close(); }).finally(() => setBusy(false)); }}>
            <label htmlFor={`${id}-reason`} className="block text-sm font-bold">Reason</label>
            <textarea id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} className={fieldClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
            {error && <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-call-700">{error}</p>}
            <button type="submit" className="btn btn-primary mt-3 px-3 text-sm" disabled={busy}>Mark ineligible</button>
          </form>
        )}
      </ActionDialog>
    </div>
  );
}

function CreditUse({ credit }: { credit: CreditRow }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  if (credit.usedAt) return <>{day(credit.usedAt)}{credit.usedNote && <span className="block text-xs text-muted">{credit.usedNote}</span>}</>;
  if (new Date(credit.expiresAt).getTime() <= Date.now()) return <span className="text-muted">Expired</span>;
  return (
    <ActionDialog trigger="Mark used" label={`Mark used: the credit of ${credit.customer}`} title={`Mark the ${money(credit.amountCents)} credit of ${credit.customer} used`} description="Say where it was applied; the audit log keeps it.">
      {(close) => (
        <form onSubmit={(e) => { e.preventDefault(); setBusy(true); void markCreditUsed(credit, note.trim()).then((message) => { if (message) setError(message); else close(); }).finally(() => setBusy(false)); }}>
          <label htmlFor={`${id}-note`} className="block text-sm font-bold">Where it was used (invoice or visit)</label>
          <input id={`${id}-note`} value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} className={fieldClass} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
          {error && <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-semibold text-call-700">{error}</p>}
          <button type="submit" className="btn btn-primary mt-3 px-3 text-sm" disabled={busy}>Mark used</button>
        </form>
      )}
    </ActionDialog>
  );
}

const column = serverSortedColumns<ReferralRow>();
const columns = [
  column.accessor('createdAt', { id: 'created_at', header: 'Referred', cell: (c) => <span className="whitespace-nowrap">{day(c.getValue())}</span> }),
  column.accessor((r) => r.friend.name, { id: 'friend', header: 'Friend', cell: (c) => { const r = c.row.original; return <>{r.friend.name}<span className="block text-xs">{r.friend.phone}</span>{r.friend.email && <span className="block text-xs text-muted">{r.friend.email}</span>}{r.leadReference && <a className="block text-xs" href={`/admin/leads?q=${encodeURIComponent(r.leadReference)}`}>Lead {r.leadReference}</a>}</>; } }),
  column.accessor((r) => r.referrer.name, { id: 'referrer', header: 'Referrer', cell: (c) => { const r = c.row.original; return <>{r.referrer.customerId ? <a href={`/admin/customers?customer=${r.referrer.customerId}`}>{r.referrer.name}</a> : r.referrer.name}{r.code && <span className="block font-mono text-xs">{r.code}</span>}{r.referrer.typed && <span className="block text-xs text-muted">Typed: {r.referrer.typed}</span>}</>; } }),
  column.accessor('status', { id: 'status', header: 'Status', cell: (c) => { const r = c.row.original; return <><span className={`inline-block rounded px-2 py-0.5 text-xs font-bold ${statusTone[r.status]}`}>{r.status}</span>{r.flags.length > 0 && <ul className="mt-1 text-xs">{r.flags.map((f) => <li key={f}>⚑ {referralFlagLabels[f]}</li>)}</ul>}{r.approvedBy && <span className="block text-xs text-muted">Approved by {r.approvedBy}</span>}</>; } }),
  column.display({ id: 'job', header: 'Qualifying job', cell: (c) => { const j = c.row.original.job; return j ? <a href={`/admin/jobs?job=${j.id}`}>{money(j.totalCents)}</a> : <span className="text-muted">None yet</span>; } }),
  column.display({ id: 'actions', header: 'Decision', cell: (c) => <Decision row={c.row.original} /> }),
];
const sortIds = { created_at: 'created_at', friend: 'friend', referrer: 'referrer', status: 'status' } as const;

function Ledger() {
  const ledger = useStore($ledger);
  if (!ledger) return <p aria-busy="true">Loading the ledger…</p>;
  return (
    <div className="space-y-8">
      <section aria-labelledby="credits-heading">
        <h2 id="credits-heading" className="text-xl font-extrabold">Credits ledger</h2>
        <div className="mt-2 overflow-x-auto rounded-lg border border-line bg-white">
          <table className="w-full text-sm">
            <thead className="bg-surface"><tr>{['Issued', 'Customer', 'Amount', 'Expires', 'Used', 'Reason'].map((h) => <th key={h} scope="col" className="px-3 py-2 text-left">{h}</th>)}</tr></thead>
            <tbody>
              {ledger.credits.map((c) => (
                <tr key={c.id} className="border-t border-line">
                  <td className="px-3 py-2 whitespace-nowrap">{day(c.issuedAt)}</td>
                  <td className="px-3 py-2"><a href={`/admin/customers?customer=${c.customerId}`}>{c.customer}</a></td>
                  <td className="px-3 py-2">{money(c.amountCents)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{day(c.expiresAt)}</td>
                  <td className="px-3 py-2"><CreditUse credit={c} /></td>
                  <td className="px-3 py-2">{c.reason}<span className="block text-xs text-muted">by {c.createdBy}</span></td>
                </tr>
              ))}
              {ledger.credits.length === 0 && <tr><td colSpan={6} className="px-3 py-6 text-center text-muted">No credits issued yet.</td></tr>}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="codes-heading">
        <h2 id="codes-heading" className="text-xl font-extrabold">Clicks and conversions per code</h2>
        <div className="mt-2 overflow-x-auto rounded-lg border border-line bg-white">
          <table className="w-full text-sm">
            <thead className="bg-surface"><tr>{['Code', 'Customer', 'Clicks', 'Referrals', 'Conversions'].map((h) => <th key={h} scope="col" className="px-3 py-2 text-left">{h}</th>)}</tr></thead>
            <tbody>
              {ledger.codes.map((c) => (
                <tr key={c.code} className="border-t border-line">
                  <td className="px-3 py-2 font-mono">{c.code}</td>
                  <td className="px-3 py-2"><a href={`/admin/customers?customer=${c.customerId}`}>{c.customer}</a></td>
                  <td className="px-3 py-2">{c.clicks}</td>
                  <td className="px-3 py-2">{c.referrals}</td>
                  <td className="px-3 py-2">{c.conversions}</td>
                </tr>
              ))}
              {ledger.codes.length === 0 && <tr><td colSpan={5} className="px-3 py-6 text-center text-muted">No referral codes yet: a customer's code is made the first time it is asked for.</td></tr>}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

export default function ReferralsScreen() {
  const staff = useStore($staff);
  const query = useStore($referralQuery);
  const list = useStore($referrals);
  const notice = useStore($referralNotice);
  const id = useId();
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? Promise.all([loadReferrals(), loadLedger()]) : undefined));
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const rows = data?.rows ?? [];
  return (
    <div className="space-y-10">
      <section aria-labelledby="referrals-heading">
        <h2 id="referrals-heading" className="sr-only">Referrals</h2>
        <div className="flex flex-wrap items-end gap-3">
          <div className="max-w-full">
            <label htmlFor={`${id}-status`} className="block text-sm font-bold">Show</label>
            <select id={`${id}-status`} value={query.status ?? ''} onChange={(e) => setReferralQuery({ status: (e.target.value || undefined) as ReferralQuery['status'] })} className="mt-1 max-w-full rounded-md border border-line px-3 py-2">
              <option value="">All referrals</option>
              {referralStatuses.map((s) => <option key={s} value={s}>{referralStatusLabels[s]}</option>)}
            </select>
          </div>
          <p className="text-sm text-muted" role="status">{list.status === 'loading' ? 'Loading…' : list.status === 'error' ? list.message : `${data?.total ?? 0} referrals`}</p>
        </div>
        <p className="mt-2 text-sm" role="status" aria-live="polite">{notice}</p>
        <div className="mt-3">
          <ServerSortedTable rows={rows} columns={columns} sortIds={sortIds} sort={query.sort} onSort={(sort) => setReferralQuery({ sort, dir: sort === 'created_at' ? 'desc' : 'asc' })} caption="Referrals" empty={list.status === 'ready' && 'No referrals yet.'} />
          <ul className="space-y-3 md:hidden" aria-label="Referrals">
            {rows.map((r) => (
              <li key={r.id} className="rounded-lg border border-line bg-white p-3 text-sm">
                <p className="font-bold">{r.friend.name} <span className="font-normal text-muted">referred by {r.referrer.name}</span></p>
                <p className="mt-1"><span className={`inline-block rounded px-2 py-0.5 text-xs font-bold ${statusTone[r.status]}`}>{r.status}</span> {day(r.createdAt)}{r.job && ` · job ${money(r.job.totalCents)}`}</p>
                {r.flags.length > 0 && <ul className="mt-1 text-xs">{r.flags.map((f) => <li key={f}>⚑ {referralFlagLabels[f]}</li>)}</ul>}
                <div className="mt-2"><Decision row={r} /></div>
              </li>
            ))}
            {list.status === 'ready' && rows.length === 0 && <li className="text-muted">No referrals yet.</li>}
          </ul>
        </div>
        <Pager label="Referral pages" page={query.page} pages={pages} onPage={(page) => { $referralQuery.set({ ...query, page }); void loadReferrals(); }} />
      </section>
      <Ledger />
    </div>
  );
}
