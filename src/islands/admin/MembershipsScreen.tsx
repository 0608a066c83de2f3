/**
 * /admin/memberships: memberships sold (soonest end first, or sorted by any column header): plan,
 * customer, address, dates, visits (recorded here as they are done) and renewal reminders sent.
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { atom } from 'nanostores';
import { useEffect, useId, useState } from 'react';
import { adminMembershipListContract, adminMembershipVisitsContract, type MembershipRow } from '../../lib/api/admin/orders.contract';
import { callContract } from '../../lib/api/client';
import type { QueryOf, ReadOf } from '../../lib/api/contract';
import { $staff, handleAdminError, loadStaff } from './session.store';
import SortableTable, { sortableFeatures } from './SortableTable';
import Pager from './Pager';

type Query = QueryOf<typeof adminMembershipListContract>;
const $query = atom<Query>({ status: 'active', page: 1, pageSize: 25, sort: 'ends_on', dir: 'asc' });
const $list = atom<{ status: 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminMembershipListContract>; message: string }>({ status: 'loading', message: '' });

async function load(): Promise<void> {
  $list.set({ ...$list.get(), status: 'loading' });
  try {
    $list.set({ status: 'ready', data: await callContract(adminMembershipListContract, $query.get()), message: '' });
  } catch (error) {
    $list.set({ status: 'error', message: handleAdminError(error) });
  }
}

/** What the last visit change said (success or the server's reason), for the live region. */
const $visitNote = atom('');

async function changeVisits(row: MembershipRow, change: 1 | -1): Promise<void> {
  try {
    const next = await callContract(adminMembershipVisitsContract, { change }, undefined, { id: row.publicId });
    const data = $list.get().data;
    if (data) $list.set({ ...$list.get(), data: { ...data, rows: data.rows.map((r) => (r.publicId === next.publicId ? next : r)) } });
    $visitNote.set(`${next.plan} for ${next.customer}: ${next.visitsUsed} of ${next.visitsIncluded} visits used.`);
  } catch (error) {
    $visitNote.set(handleAdminError(error));
  }
}

const day = (isoDate: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T12:00:00Z`));
const shows = { active: 'Active', ending: 'Ending within 30 days', ended: 'Ended, cancelled or refunded', all: 'All memberships' } as const;

const column = createColumnHelper<typeof sortableFeatures, MembershipRow>();
const columns = column.columns([
  column.accessor('plan', { header: 'Plan', cell: (c) => <>{c.getValue()}{c.row.original.status !== 'active' && <span className="block text-xs text-muted">{c.row.original.status}</span>}</> }),
  column.accessor('customer', { header: 'Customer', cell: (c) => { const m = c.row.original; return <>{m.customer}{m.phone && <span className="block text-xs">{m.phone}</span>}{m.email && <span className="block text-xs text-muted">{m.email}</span>}</>; } }),
  column.accessor('address', { header: 'Address', enableSorting: false }),
  column.accessor('startsOn', { id: 'starts_on', header: 'Starts', cell: (c) => <span className="whitespace-nowrap">{day(c.getValue())}</span> }),
  column.accessor('endsOn', { id: 'ends_on', header: 'Ends', cell: (c) => <span className="whitespace-nowrap">{day(c.getValue())}</span> }),
  column.accessor('visitsUsed', { id: 'visits_used', header: 'Visits', cell: (c) => <Visits row={c.row.original} /> }),
  column.display({ id: 'reminders', header: 'Renewal reminders', enableSorting: false, cell: (c) => (c.row.original.reminded7 ? '30 and 7 days sent' : c.row.original.reminded30 ? '30 days sent' : 'None yet') }),
  column.display({ id: 'order', header: 'Order', enableSorting: false, cell: (c) => <a href={`/admin/orders?order=${c.row.original.orderPublicId}`}>{c.row.original.orderNumber}</a> }),
]);
const noRows: MembershipRow[] = [];

function Visits({ row }: { row: MembershipRow }) {
  const [busy, setBusy] = useState(false);
  const press = (change: 1 | -1) => { setBusy(true); void changeVisits(row, change).finally(() => setBusy(false)); };
  const label = `${row.plan} for ${row.customer}`;
  return (
    <div>
      <span className="whitespace-nowrap">{row.visitsUsed} of {row.visitsIncluded} used</span>
      <div className="mt-1 flex gap-1">
        <button type="button" className="btn btn-outline min-h-9 px-2 text-xs" disabled={busy || row.status !== 'active' || row.visitsUsed >= row.visitsIncluded} onClick={() => press(1)}>
          Record visit<span className="sr-only"> on {label}</span>
        </button>
        <button type="button" className="btn btn-outline min-h-9 px-2 text-xs" disabled={busy || row.visitsUsed <= 0} onClick={() => press(-1)}>
          Undo<span className="sr-only"> the last visit on {label}</span>
        </button>
      </div>
    </div>
  );
}

export default function MembershipsScreen() {
  const staff = useStore($staff);
  const query = useStore($query);
  const list = useStore($list);
  const id = useId();
  const [search, setSearch] = useState('');
  const visitNote = useStore($visitNote);
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? load() : undefined));
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const set = (change: Partial<Query>) => { $query.set({ ...query, page: 1, ...change }); void load(); };
  return (
    <div>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => { e.preventDefault(); set({ q: search.trim() || undefined }); }}>
        <div>
          <label htmlFor={`${id}-status`} className="block text-sm font-bold">Show</label>
          <select id={`${id}-status`} value={query.status} onChange={(e) => set({ status: e.target.value as Query['status'] })} className="mt-1 rounded-md border border-line px-3 py-2">
            {(Object.keys(shows) as (keyof typeof shows)[]).map((s) => <option key={s} value={s}>{shows[s]}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-bold">Search</label>
          <input id={`${id}-q`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} placeholder="Name, street, ZIP, order" className="mt-1 w-72 max-w-full rounded-md border border-line px-3 py-2" />
        </div>
        <button type="submit" className="btn btn-outline px-3 text-sm">Search</button>
      </form>
      {list.status === 'error' && <p role="alert" className="mt-3 font-semibold text-red-700">{list.message}</p>}
      <p role="status" className="sr-only">{data ? `${data.total} memberships` : ''}</p>
      <p role="status" aria-live="polite" className="mt-2 text-sm font-semibold">{visitNote}</p>
      <SortableTable rows={data?.rows ?? noRows} columns={columns} rowKey={(m) => m.publicId} sort={query.sort} dir={query.dir} firstDir="asc" onSort={(sort, dir) => set({ sort, dir })} label="Memberships (scrolls sideways on small screens)" empty={data ? 'No memberships here.' : false} />
      <Pager label="Pages" page={query.page} pages={pages} onPage={(page) => { $query.set({ ...query, page }); void load(); }} />
    </div>
  );
}
