/**
 * /admin/not-found: the addresses visitors found missing (by hits or last seen, searchable, one
 * page at a time from the server), each with the existing pages it most likely meant and a one-click
 * 301 to one of them; the redirects with edit and delete; and what waits for the next publish.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { redirectInput, type NotFoundRow, type RedirectInput, type RedirectView } from '../../lib/api/admin/publishing.contract';
import PublishingPanel, { when } from './PublishingPanel';
import SortHeader from './SortHeader';
import { $notFound, $notFoundQuery, $redirects, createRedirect, deleteRedirect, loadNotFound, loadPublishing, loadRedirects, setNotFoundQuery, updateRedirect, type NotFoundQuery } from './publishing.store';
import { $staff, loadStaff } from './session.store';
import Pager from './Pager';

const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, NotFoundRow>();

function SuggestionButtons({ row }: { row: NotFoundRow }) {
  if (row.redirectedTo) return <span className="text-sm">Redirects to <strong>{row.redirectedTo}</strong></span>;
  if (row.suggestions.length === 0) return <span className="text-sm text-muted">No close page; use the form below.</span>;
  return (
    <div className="flex flex-wrap gap-1.5">
      {row.suggestions.map((to) => (
        <button key={to} type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" onClick={() => void createRedirect({ from: row.path, to })}>
          Redirect <span className="sr-only">{row.path} </span>to {to}
        </button>
      ))}
    </div>
  );
}

const columns = column.columns([
  column.accessor('path', { header: 'Missing path', cell: (c) => <span className="font-semibold break-all">{c.getValue()}</span> }),
  column.accessor('hits', { header: 'Hits' }),
  column.accessor('lastSeenAt', { id: 'last_seen_at', header: 'Last seen', cell: (c) => <span className="whitespace-nowrap">{when(c.getValue())}</span> }),
  column.display({ id: 'suggestions', header: 'Redirect to a page', enableSorting: false, cell: (c) => <SuggestionButtons row={c.row.original} /> }),
]);

const noRows: NotFoundRow[] = [];

function NotFoundTable() {
  const query = useStore($notFoundQuery);
  const list = useStore($notFound);
  const id = useId();
  const [search, setSearch] = useState(query.q ?? '');
  const sorting: SortingState = [{ id: query.sort, desc: query.dir === 'desc' }];
  const table = useTable({
    features,
    data: list.data?.rows ?? noRows,
    columns,
    manualSorting: true,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      setNotFoundQuery(next ? { sort: next.id as NotFoundQuery['sort'], dir: next.desc ? 'desc' : 'asc' } : { sort: 'hits', dir: 'desc' });
    },
  });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-extrabold">Missing pages visitors asked for</h2>
      <form role="search" className="mt-2 flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); setNotFoundQuery({ q: search.trim() || undefined }); }}>
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-bold">Search paths</label>
          <input id={`${id}-q`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} className="mt-1 rounded-md border border-line px-3 py-2" />
        </div>
        <button type="submit" className="btn btn-outline px-3">Search</button>
      </form>
      {list.status === 'error' && <p role="alert" className="mt-2 font-semibold text-red-700">{list.message}</p>}
      <p className="mt-2 text-sm text-muted" aria-live="polite">{list.status === 'loading' ? 'Loading…' : `${total} missing path${total === 1 ? '' : 's'}${query.q ? ` matching “${query.q}”` : ''}.`}</p>
      {/* Phones get one card per path (a table would need sideways scrolling to reach the buttons). */}
      <div className="md:hidden">
        <label htmlFor={`${id}-sort`} className="mt-2 block text-sm font-bold">Sort by</label>
        <select id={`${id}-sort`} value={`${query.sort}:${query.dir}`} onChange={(e) => { const [sort, dir] = e.target.value.split(':') as [NotFoundQuery['sort'], NotFoundQuery['dir']]; setNotFoundQuery({ sort, dir }); }} className="mt-1 rounded-md border border-line px-3 py-2">
          <option value="hits:desc">Most hits</option>
          <option value="last_seen_at:desc">Seen most recently</option>
          <option value="path:asc">Path, A to Z</option>
        </select>
        <ul className="mt-2 space-y-2">
          {(list.data?.rows ?? []).map((row) => (
            <li key={row.id} className="card p-3">
              <p className="font-semibold break-all">{row.path}</p>
              <p className="text-xs text-muted">{row.hits} hit{row.hits === 1 ? '' : 's'}, last {when(row.lastSeenAt)}</p>
              <div className="mt-2"><SuggestionButtons row={row} /></div>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-1 hidden overflow-x-auto rounded-lg border border-line bg-white md:block">
        <table className="w-full text-sm">
          <thead className="bg-surface">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <SortHeader key={header.id} sorted={sorted} onSort={header.column.getCanSort() ? () => header.column.toggleSorting(sorted !== 'desc') : undefined}>
                      <table.FlexRender header={header} />
                    </SortHeader>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-line align-top">
                {row.getAllCells().map((cell) => <td key={cell.id} className="px-3 py-2"><table.FlexRender cell={cell} /></td>)}
              </tr>
            ))}
            {list.status === 'ready' && total === 0 && <tr><td colSpan={4} className="px-3 py-6 text-center text-muted">No missing pages have been reported{query.q ? ' with this search' : ''}.</td></tr>}
          </tbody>
        </table>
      </div>
      <Pager label="Pages of missing paths" page={query.page} pages={pages} onPage={(page) => { $notFoundQuery.set({ ...query, page }); void loadNotFound(); }} />
    </section>
  );
}

function RedirectForm({ initial, editId, onDone, submitLabel }: { initial: RedirectInput; editId?: number; onDone?: () => void; submitLabel: string }) {
  const id = useId();
  const pages = useStore($redirects).pages;
  const [serverError, setServerError] = useState('');
  const { register, handleSubmit, reset, formState: { errors, isSubmitting } } = useForm<RedirectInput>({ resolver: zodResolver(redirectInput), defaultValues: initial });
  const onSubmit = handleSubmit(async (values) => {
    const editing = editId !== undefined;
    const failure = editing ? await updateRedirect(editId, values) : await createRedirect(values);
    setServerError(failure ?? '');
    if (!failure) {
      if (!editing) reset({ from: '', to: '' });
      onDone?.();
    }
  });
  const field = 'mt-1 w-full rounded-md border border-line px-3 py-2';
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <div>
        <label htmlFor={`${id}-from`} className="block font-bold">Old path</label>
        <input id={`${id}-from`} {...register('from')} placeholder="/old-page" aria-invalid={errors.from ? true : undefined} aria-describedby={errors.from ? `${id}-from-error` : undefined} className={field} />
        {errors.from && <p id={`${id}-from-error`} className="mt-1 text-sm font-semibold text-red-700">{errors.from.message}</p>}
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="block font-bold">Send visitors to</label>
        <input id={`${id}-to`} list={`${id}-pages`} {...register('to')} placeholder="/drain-cleaning" aria-invalid={errors.to ? true : undefined} aria-describedby={errors.to ? `${id}-to-error` : undefined} className={field} />
        <datalist id={`${id}-pages`}>{pages.map((p) => <option key={p} value={p} />)}</datalist>
        {errors.to && <p id={`${id}-to-error`} className="mt-1 text-sm font-semibold text-red-700">{errors.to.message}</p>}
      </div>
      <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>{submitLabel}</button>
      {serverError && <p role="alert" className="text-sm font-semibold text-red-700 sm:col-span-3">{serverError}</p>}
    </form>
  );
}

function EditRedirect({ row }: { row: RedirectView }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" aria-label={`Edit the redirect from ${row.from}`}>Edit</button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-extrabold">Edit the redirect from {row.from}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted">The change goes live with the next publish.</Dialog.Description>
          <div className="mt-3"><RedirectForm initial={{ from: row.from, to: row.to }} editId={row.id} submitLabel="Save" onDone={() => setOpen(false)} /></div>
          <Dialog.Close asChild><button type="button" className="btn btn-outline mt-3 px-3 text-sm">Cancel</button></Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RedirectList() {
  const redirects = useStore($redirects);
  const id = useId();
  const remove = (row: RedirectView) => {
    if (window.confirm(`Remove the redirect from ${row.from}? After the next publish, that address shows the missing-page screen again.`)) void deleteRedirect(row);
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="card p-5">
      <h2 id={`${id}-heading`} className="text-xl font-extrabold">Redirects</h2>
      <p className="mt-1 text-sm text-muted">Each sends an old address to a page with a permanent (301) redirect. Hits are counted by the local server; on Netlify redirects are answered before our code runs, so they are not counted there.</p>
      <div className="mt-3"><RedirectForm initial={{ from: '', to: '' }} submitLabel="Add redirect" /></div>
      {redirects.status === 'error' && <p role="alert" className="mt-2 font-semibold text-red-700">{redirects.message}</p>}
      {redirects.status === 'ready' && redirects.rows.length === 0 && <p className="mt-3 text-muted">No redirects yet.</p>}
      <ul className="mt-3 divide-y divide-line">
        {redirects.rows.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="font-semibold break-all">{r.from} <span aria-hidden="true">→</span><span className="sr-only">redirects to</span> {r.to}</p>
              <p className="text-xs text-muted">{r.hits} hit{r.hits === 1 ? '' : 's'} · changed by {r.updatedBy}, {when(r.updatedAt)}</p>
            </div>
            <div className="flex gap-2">
              <EditRedirect row={r} />
              <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" aria-label={`Delete the redirect from ${r.from}`} onClick={() => remove(r)}>Delete</button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function NotFoundScreen() {
  const staff = useStore($staff);
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? Promise.all([loadNotFound(), loadRedirects(), loadPublishing()]) : undefined));
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  return (
    <div className="grid gap-8">
      <PublishingPanel />
      <NotFoundTable />
      <RedirectList />
    </div>
  );
}
