/** /admin/outbox: every email the site sends staff, waiting, sent or dead (with the reason), and resend for dead ones. */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId } from 'react';
import { adminOutboxContract, adminOutboxResendContract, outboxStatuses } from '../../lib/api/admin/outbox.contract';
import { callContract } from '../../lib/api/client';
import type { QueryOf, ReadOf } from '../../lib/api/contract';
import { $staff, handleAdminError, loadStaff } from './session.store';
import Pager from './Pager';

type Query = QueryOf<typeof adminOutboxContract>;
const $query = atom<Query>({ status: 'all', page: 1, pageSize: 25 });
const $outbox = atom<{ status: 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminOutboxContract>; message: string }>({ status: 'loading', message: '' });
const $notice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

async function load(): Promise<void> {
  $outbox.set({ ...$outbox.get(), status: 'loading' });
  try {
    $outbox.set({ status: 'ready', data: await callContract(adminOutboxContract, $query.get()), message: '' });
  } catch (error) {
    $outbox.set({ status: 'error', message: handleAdminError(error) });
  }
}

async function resend(id: number, subject: string): Promise<void> {
  try {
    await callContract(adminOutboxResendContract, {}, undefined, { id });
    $notice.set({ tone: 'info', text: `"${subject}" is queued again and is being sent.` });
  } catch (error) {
    $notice.set({ tone: 'error', text: handleAdminError(error) });
  }
  await load();
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });
const labels = { pending: 'Waiting', sent: 'Sent', dead: 'Failed (gave up)' } as const;
/** A customer email not sent on purpose (the address opted out, bounced or complained): it is never sent again. */
const withheld = (m: { status: string; lastError: string | null }) => m.status === 'dead' && /^(suppressed|hard bounce): /.test(m.lastError ?? '');

export default function OutboxScreen() {
  const staff = useStore($staff);
  const query = useStore($query);
  const outbox = useStore($outbox);
  const notice = useStore($notice);
  const id = useId();
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? load() : undefined));
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  const data = outbox.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const set = (change: Partial<Query>) => { $query.set({ ...query, page: 1, ...change }); void load(); };
  return (
    <div>
      {data && (
        <ul className="grid gap-3 sm:grid-cols-3">
          {outboxStatuses.map((s) => <li key={s} className="card p-4"><span className="block text-3xl font-extrabold">{data.counts[s]}</span><span className="text-sm text-muted">{labels[s]}</span></li>)}
        </ul>
      )}
      <div className="mt-4">
        <label htmlFor={`${id}-status`} className="block text-sm font-bold">Show</label>
        <select id={`${id}-status`} value={query.status} onChange={(e) => set({ status: e.target.value as Query['status'] })} className="mt-1 rounded-md border border-line px-3 py-2">
          <option value="all">All emails</option>
          {outboxStatuses.map((s) => <option key={s} value={s}>{labels[s]}</option>)}
        </select>
      </div>
      <p role={notice.tone === 'error' ? 'alert' : 'status'} className="mt-3 text-sm">{notice.text}</p>
      {outbox.status === 'error' && <p role="alert" className="font-semibold text-red-700">{outbox.message}</p>}
      <div className="mt-2 overflow-x-auto rounded-lg border border-line bg-white" tabIndex={0} role="region" aria-label="Emails (scrolls sideways on small screens)">
        <table className="w-full text-sm">
          <thead className="bg-surface"><tr><th scope="col" className="px-3 py-2 text-left">Queued</th><th scope="col" className="px-3 py-2 text-left">Subject</th><th scope="col" className="px-3 py-2 text-left">Status</th><th scope="col" className="px-3 py-2 text-left">Attempts</th><th scope="col" className="px-3 py-2 text-left">Last error</th><th scope="col" className="px-3 py-2 text-left"><span className="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {data?.rows.map((m) => (
              <tr key={m.id} className="border-t border-line align-top">
                <td className="px-3 py-2 whitespace-nowrap">{when.format(new Date(m.createdAt))}</td>
                <td className="px-3 py-2">{m.subject}{m.leadId && <a className="block text-xs" href={`/admin/leads?status=all&id=${m.leadId}`}>Open the lead</a>}</td>
                <td className="px-3 py-2">{withheld(m) ? 'Not sent: opted out or suppressed' : labels[m.status]}{m.sentAt && <span className="block text-xs text-muted">{when.format(new Date(m.sentAt))}</span>}</td>
                <td className="px-3 py-2">{m.attempts}</td>
                <td className="px-3 py-2 break-words">{m.lastError ?? '—'}</td>
                <td className="px-3 py-2">{m.status === 'dead' && !withheld(m) && <button type="button" className="btn btn-outline px-3 text-sm" onClick={() => void resend(m.id, m.subject)}>Send again</button>}</td>
              </tr>
            ))}
            {data && data.rows.length === 0 && <tr><td colSpan={6} className="px-3 py-6 text-center text-muted">No emails here.</td></tr>}
          </tbody>
        </table>
      </div>
      <Pager label="Pages" page={query.page} pages={pages} onPage={(page) => { $query.set({ ...query, page }); void load(); }} />
    </div>
  );
}
