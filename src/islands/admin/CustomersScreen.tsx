/**
 * /admin/customers: every customer (searched by name, company, email or phone; sorted by the server;
 * one page at a time). Opening one shows their addresses, jobs, orders, memberships and leads, with
 * edit, add address, add job, link the leads and orders that share their email or phone, and merge
 * a duplicate into them. The open customer is kept in the address (?customer=).
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { AlertDialog } from 'radix-ui';
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { CustomerDetail, CustomerRow, CustomerSort } from '../../lib/api/admin/customers.contract';
import { formatCents } from '../../lib/api/admin/products.contract';
import { AddressForm, CustomerForm, JobForm } from './customer-forms';
import {
  $customerNotice, $customerQuery, $customers, $openCustomer, addAddress, closeCustomer, createCustomer, linkRecords, loadCustomers, mergeDuplicate, openCustomer,
  refreshOpenCustomer, searchCustomers, setCustomerQuery, updateCustomer, type CustomerQuery,
} from './customers.store';
import { ActionDialog } from './AdminForm';
import { createJob, isFailure, updateJob } from './jobs.store';
import { $staff, loadStaff } from './session.store';
import SortHeader from './SortHeader';
import Pager from './Pager';

const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, CustomerRow>();
const day = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/Chicago' }).format(new Date(iso)) : '—');
const when = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' }).format(new Date(iso));

function OpenButton({ row }: { row: CustomerRow }) {
  return <button type="button" className="text-left font-semibold text-brand-800 underline underline-offset-2" onClick={() => void openCustomer(row.publicId)}>{row.name}</button>;
}

const columns = column.columns([
  column.accessor('name', { header: 'Name', cell: (c) => <><OpenButton row={c.row.original} />{c.row.original.company && <span className="block text-xs text-muted">{c.row.original.company}</span>}</> }),
  column.accessor('email', { header: 'Email', cell: (c) => <span className="break-all">{c.getValue() ?? '—'}</span> }),
  column.accessor('phone', { header: 'Phone', enableSorting: false, cell: (c) => <span className="whitespace-nowrap">{c.getValue() ?? '—'}</span> }),
  column.accessor('jobs', { header: 'Jobs' }),
  column.accessor('lastJobAt', { id: 'last_job', header: 'Last job', cell: (c) => <span className="whitespace-nowrap">{day(c.getValue())}</span> }),
  column.accessor('createdAt', { id: 'created_at', header: 'Added', cell: (c) => <span className="whitespace-nowrap">{day(c.getValue())}</span> }),
]);
const noRows: CustomerRow[] = [];
const sortLabels: [string, string][] = [['created_at:desc', 'Newest first'], ['name:asc', 'Name, A to Z'], ['jobs:desc', 'Most jobs'], ['last_job:desc', 'Most recent job'], ['email:asc', 'Email, A to Z']];

function CustomerList() {
  const query = useStore($customerQuery);
  const list = useStore($customers);
  const id = useId();
  const [search, setSearch] = useState(query.q ?? '');
  const sorting: SortingState = [{ id: query.sort, desc: query.dir === 'desc' }];
  const table = useTable({
    features, data: list.data?.rows ?? noRows, columns, manualSorting: true, state: { sorting },
    onSortingChange: (updater) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      setCustomerQuery(next ? { sort: next.id as CustomerSort, dir: next.desc ? 'desc' : 'asc' } : { sort: 'created_at', dir: 'desc' });
    },
  });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const go = (page: number) => { $customerQuery.set({ ...query, page }); void loadCustomers(); };
  return (
    <section aria-labelledby={`${id}-heading`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-xl font-extrabold">All customers</h2>
        <ActionDialog primary trigger="Add a customer" label="Add a customer" title="Add a customer" description="Their email or phone links their leads, orders and jobs to them.">
          {(close) => <CustomerForm submitLabel="Add customer" onSave={async (values) => { const failure = await createCustomer(values); if (!failure) close(); return failure; }} />}
        </ActionDialog>
      </div>
      <form role="search" className="mt-2 flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); setCustomerQuery({ q: search.trim() || undefined }); }}>
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-bold">Search by name, email or phone</label>
          <input id={`${id}-q`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} className="mt-1 rounded-md border border-line px-3 py-2" />
        </div>
        <button type="submit" className="btn btn-outline px-3">Search</button>
      </form>
      {list.status === 'error' && <p role="alert" className="mt-2 font-semibold text-red-700">{list.message}</p>}
      <p className="mt-2 text-sm text-muted" aria-live="polite">{list.status === 'loading' ? 'Loading…' : `${total} customer${total === 1 ? '' : 's'}${query.q ? ` matching “${query.q}”` : ''}.`}</p>
      <div className="md:hidden">
        <label htmlFor={`${id}-sort`} className="mt-2 block text-sm font-bold">Sort by</label>
        <select id={`${id}-sort`} value={`${query.sort}:${query.dir}`} onChange={(e) => { const [sort, dir] = e.target.value.split(':') as [CustomerQuery['sort'], CustomerQuery['dir']]; setCustomerQuery({ sort, dir }); }} className="mt-1 rounded-md border border-line px-3 py-2">
          {sortLabels.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
        <ul className="mt-2 space-y-2">
          {(list.data?.rows ?? []).map((row) => (
            <li key={row.publicId} className="card p-3">
              <OpenButton row={row} />
              <p className="text-sm"><span className="break-all">{row.email}</span>{row.email && row.phone && ' · '}<span className="whitespace-nowrap">{row.phone}</span></p>
              <p className="text-xs text-muted">{row.jobs === 0 ? 'No jobs yet' : `${row.jobs} job${row.jobs === 1 ? '' : 's'} · last ${day(row.lastJobAt)}`}</p>
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
                  return <SortHeader key={header.id} sorted={sorted} onSort={header.column.getCanSort() ? () => header.column.toggleSorting(sorted !== 'desc') : undefined}><table.FlexRender header={header} /></SortHeader>;
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
            {list.status === 'ready' && total === 0 && <tr><td colSpan={6} className="px-3 py-6 text-center text-muted">No customers{query.q ? ' match this search' : ' yet'}.</td></tr>}
          </tbody>
        </table>
      </div>
      <Pager label="Pages of customers" page={query.page} pages={pages} onPage={(page) => go(page)} />
    </section>
  );
}

/** Search for the duplicate, pick it, confirm: everything of theirs moves to this customer. */
function MergePanel({ customer }: { customer: CustomerDetail }) {
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<CustomerRow[] | undefined>();
  const [chosen, setChosen] = useState<CustomerRow | undefined>();
  const [message, setMessage] = useState('');
  const find = async () => {
    setChosen(undefined);
    try {
      setFound((await searchCustomers(q.trim())).filter((r) => r.publicId !== customer.publicId));
      setMessage('');
    } catch (error) {
      setMessage(error instanceof Error ? error.message.replace(/^\d+: /, '') : 'The search failed.');
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-5">
      <h3 id={`${id}-heading`} className="font-extrabold">Merge a duplicate into {customer.name}</h3>
      <p className="text-sm text-muted">The duplicate's addresses, jobs, orders, memberships and leads move here; its record is kept, marked merged.</p>
      <form role="search" className="mt-2 flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); void find(); }}>
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-bold">Find the duplicate</label>
          <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} className="mt-1 rounded-md border border-line px-3 py-2" />
        </div>
        <button type="submit" className="btn btn-outline px-3">Find</button>
      </form>
      {message && <p role="alert" className="mt-2 text-sm font-semibold text-red-700">{message}</p>}
      {found && (found.length === 0 ? <p className="mt-2 text-sm">No other customer matches.</p> : (
        <fieldset className="mt-2">
          <legend className="text-sm font-bold">Choose the duplicate</legend>
          {found.map((row) => (
            <label key={row.publicId} className="mt-1 flex items-start gap-2">
              <input type="radio" name={`${id}-dup`} className="mt-1" checked={chosen?.publicId === row.publicId} onChange={() => setChosen(row)} />
              <span>{row.name} <span className="text-sm text-muted">{[row.email, row.phone].filter(Boolean).join(' · ')} · {row.jobs} job{row.jobs === 1 ? '' : 's'}</span></span>
            </label>
          ))}
        </fieldset>
      ))}
      {chosen && (
        <AlertDialog.Root>
          <AlertDialog.Trigger asChild><button type="button" className="btn btn-primary mt-2 px-3 text-sm">Merge {chosen.name} into {customer.name}</button></AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
            <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
              <AlertDialog.Title className="text-lg font-extrabold">Merge {chosen.name} into {customer.name}?</AlertDialog.Title>
              <AlertDialog.Description className="mt-1 text-sm text-muted">Everything of {chosen.name} moves to {customer.name}, who keeps their own name and details (missing ones are filled in). This cannot be undone from this screen.</AlertDialog.Description>
              <div className="mt-4 flex flex-wrap gap-2">
                <AlertDialog.Action asChild><button type="button" className="btn btn-primary px-3 text-sm" onClick={() => { void mergeDuplicate(customer.publicId, chosen.publicId, chosen.name).then(() => { setFound(undefined); setChosen(undefined); setQ(''); }); }}>Merge</button></AlertDialog.Action>
                <AlertDialog.Cancel asChild><button type="button" className="btn btn-outline px-3 text-sm">Keep both</button></AlertDialog.Cancel>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      )}
    </section>
  );
}

function List<T>({ title, rows, empty, render }: { title: string; rows: readonly T[]; empty: string; render: (row: T) => ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="font-extrabold">{title}</h3>
      {rows.length === 0 ? <p className="text-sm text-muted">{empty}</p> : <ul className="mt-1 divide-y divide-line">{rows.map((row, i) => <li key={i} className="py-1.5">{render(row)}</li>)}</ul>}
    </section>
  );
}

function CustomerPanel({ customer }: { customer: CustomerDetail }) {
  const unlinked = customer.unlinked.leads + customer.unlinked.orders;
  if (customer.mergedInto) {
    return (
      <section aria-labelledby="customer-title" className="card mt-4 p-4">
        <h2 id="customer-title" className="text-xl font-extrabold">{customer.name}</h2>
        <p className="mt-1">This record was merged into <button type="button" className="font-semibold text-brand-800 underline" onClick={() => void openCustomer(customer.mergedInto!.publicId)}>{customer.mergedInto.name}</button>.</p>
        <button type="button" className="btn btn-outline mt-3 px-3 text-sm" onClick={closeCustomer}>Close</button>
      </section>
    );
  }
  return (
    <section aria-labelledby="customer-title" className="card mt-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="customer-title" className="text-xl font-extrabold">{customer.name}</h2>
          {customer.company && <p className="text-sm text-muted">{customer.company}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <ActionDialog trigger="Edit details" label={`Edit details of ${customer.name}`} title={`Edit ${customer.name}`} description="Name, contact details and notes.">
            {(close) => <CustomerForm initial={customer} submitLabel="Save" onSave={async (values) => { const failure = await updateCustomer(customer.publicId, values); if (!failure) close(); return failure; }} />}
          </ActionDialog>
          <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" onClick={closeCustomer}>Close</button>
        </div>
      </div>
      <p className="mt-2">
        {customer.email ? <a href={`mailto:${customer.email}`} className="break-all">{customer.email}</a> : 'No email'}
        {' · '}
        {customer.phone ? <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a> : 'No phone'}
        {' · '}customer since {day(customer.createdAt)}
      </p>
      {customer.notes && <p className="mt-1 text-sm whitespace-pre-line">{customer.notes}</p>}
      {unlinked > 0 && (
        <div className="mt-3 flex flex-wrap items-center gap-2 rounded-md bg-brand-50 p-3">
          <p className="text-sm">{customer.unlinked.leads} lead{customer.unlinked.leads === 1 ? '' : 's'} and {customer.unlinked.orders} order{customer.unlinked.orders === 1 ? '' : 's'} have this email or phone but no customer.</p>
          <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" onClick={() => void linkRecords(customer.publicId)}>Link them to {customer.name}</button>
        </div>
      )}

      <section className="mt-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-extrabold">Service addresses</h3>
          <ActionDialog trigger="Add address" label={`Add address for ${customer.name}`} title={`Add an address for ${customer.name}`} description="A place where we work for this customer.">
            {(close) => <AddressForm onSave={async (values) => { const failure = await addAddress(customer.publicId, values); if (!failure) close(); return failure; }} />}
          </ActionDialog>
        </div>
        {customer.addresses.length === 0 ? <p className="text-sm text-muted">No addresses yet.</p> : (
          <ul className="mt-1 list-disc pl-5">{customer.addresses.map((a) => <li key={a.id}>{[a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ')}</li>)}</ul>
        )}
      </section>

      <section className="mt-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-extrabold">Jobs ({customer.jobCount})</h3>
          <ActionDialog trigger="Add job" label={`Add job for ${customer.name}`} title={`Add a job for ${customer.name}`} description="Work done, with its invoice and payment dates when known.">
            {(close) => (
              <JobForm addresses={customer.addresses} submitLabel="Add job" onSave={async (values) => {
                const result = await createJob({ customerId: customer.publicId, ...values });
                if (isFailure(result)) return result;
                close();
                await refreshOpenCustomer();
                $customerNotice.set({ tone: 'info', text: `The job “${result.service}” was added.` });
                return undefined;
              }} />
            )}
          </ActionDialog>
        </div>
        {customer.jobs.length === 0 ? <p className="text-sm text-muted">No jobs yet.</p> : (
          <ul className="mt-1 divide-y divide-line">
            {customer.jobs.map((job) => (
              <li key={job.publicId} className="flex flex-wrap items-start justify-between gap-2 py-2">
                <div>
                  <p className="font-semibold">{job.service}</p>
                  <p className="text-sm text-muted">{day(job.completedAt)} · {job.invoiceTotalCents === null ? 'not invoiced' : formatCents(job.invoiceTotalCents)} · {job.paidAt ? `paid ${day(job.paidAt)}` : 'unpaid'}{job.address ? ` · ${job.address}` : ''} · from {job.source}{job.externalId ? ` (${job.externalId})` : ''}</p>
                </div>
                <ActionDialog trigger="Edit" label={`Edit the job ${job.service} of ${day(job.completedAt)}`} title={`Edit the job “${job.service}”`} description={`For ${customer.name}.`}>
                  {(close) => (
                    <JobForm job={job} addresses={customer.addresses} submitLabel="Save" onSave={async (values) => {
                      const result = await updateJob(job.publicId, values);
                      if (isFailure(result)) return result;
                      close();
                      await refreshOpenCustomer();
                      $customerNotice.set({ tone: 'info', text: `The job “${result.service}” was saved.` });
                      return undefined;
                    }} />
                  )}
                </ActionDialog>
              </li>
            ))}
          </ul>
        )}
      </section>

      <List title="Orders" rows={customer.orders} empty="No store orders." render={(o) => <><a href={`/admin/orders?order=${o.publicId}`} className="font-semibold">{o.orderNumber}</a> · {o.status} · {formatCents(o.totalCents)} · {day(o.createdAt)}</>} />
      <List title="Memberships" rows={customer.memberships} empty="No memberships." render={(m) => <><strong>{m.name}</strong> · {m.address} · {m.startsOn} to {m.endsOn} · {m.status}</>} />
      <List title="Leads and bookings" rows={customer.leads} empty="No leads linked." render={(l) => <><strong>{l.reference}</strong> · {l.kind === 'booking' ? 'booking' : 'estimate'} · {l.status} · {day(l.createdAt)}</>} />
      <MergePanel customer={customer} />
      <details className="mt-5">
        <summary className="cursor-pointer font-extrabold">History ({customer.history.length})</summary>
        <ul className="mt-1 text-sm">{customer.history.map((h, i) => <li key={i}>{when(h.at)} · {h.actor} · {h.action}</li>)}</ul>
      </details>
    </section>
  );
}

function OpenCustomer() {
  const open = useStore($openCustomer);
  if (open.status === 'closed') return null;
  if (open.status === 'loading') return <p className="mt-4" aria-busy="true">Opening the customer…</p>;
  if (open.status === 'error') return <p role="alert" className="mt-4 font-semibold text-red-700">{open.message}</p>;
  return <CustomerPanel customer={open.customer!} />;
}

export default function CustomersScreen() {
  const staff = useStore($staff);
  const notice = useStore($customerNotice);
  useEffect(() => {
    void loadStaff().then(() => {
      if ($staff.get().status !== 'signed-in') return;
      void loadCustomers();
      const wanted = new URL(window.location.href).searchParams.get('customer');
      if (wanted) void openCustomer(wanted);
    });
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  return (
    <div>
      <p role="status" className={`min-h-6 font-semibold ${notice.tone === 'error' ? 'text-red-700' : 'text-green-800'}`}>{notice.text}</p>
      <OpenCustomer />
      <div className="mt-6"><CustomerList /></div>
    </div>
  );
}
