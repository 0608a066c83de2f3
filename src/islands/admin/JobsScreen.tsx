/**
 * /admin/jobs: every job (searched by service, customer, address or external id; sorted by the
 * server; one page at a time), adding one for a customer found by search, editing one, and the CSV
 * import with its column mapping and preview.
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { useEffect, useId, useState } from 'react';
import { adminCustomerContract, type CustomerDetail, type CustomerRow, type JobView } from '../../lib/api/admin/customers.contract';
import type { jobSorts } from '../../lib/api/admin/jobs.contract';
import { formatCents } from '../../lib/api/admin/products.contract';
import { callContract } from '../../lib/api/client';
import { JobForm } from './customer-forms';
import { searchCustomers } from './customers.store';
import { ActionDialog, fieldClass } from './AdminForm';
import JobsImport from './JobsImport';
import { $jobNotice, $jobQuery, $jobs, createJob, isFailure, loadJobs, setJobQuery, updateJob, type JobQuery } from './jobs.store';
import { $staff, handleAdminError, loadStaff } from './session.store';
import SortHeader from './SortHeader';
import Pager from './Pager';

const features = tableFeatures({ rowSortingFeature });
const column = createColumnHelper<typeof features, JobView>();
const day = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'America/Chicago' }).format(new Date(iso)) : '—');
const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents));

/** Edit a job from the list: the customer's addresses are loaded when the dialog's form opens. */
function EditJob({ job }: { job: JobView }) {
  return (
    <ActionDialog trigger="Edit" label={`Edit the job ${job.service} for ${job.customerName}`} title={`Edit the job “${job.service}”`} description={`For ${job.customerName}.`}>
      {(close) => <EditJobForm job={job} close={close} />}
    </ActionDialog>
  );
}
function EditJobForm({ job, close }: { job: JobView; close: () => void }) {
  const [customer, setCustomer] = useState<CustomerDetail | undefined>();
  const [message, setMessage] = useState('');
  useEffect(() => {
    callContract(adminCustomerContract, undefined, undefined, { id: job.customerPublicId }).then(setCustomer, (error: unknown) => setMessage(handleAdminError(error)));
  }, [job.customerPublicId]);
  if (message) return <p role="alert" className="font-semibold text-red-700">{message}</p>;
  if (!customer) return <p aria-busy="true">Loading…</p>;
  return <JobForm job={job} addresses={customer.addresses} submitLabel="Save" onSave={async (values) => { const result = await updateJob(job.publicId, values); if (isFailure(result)) return result; close(); await loadJobs(); return undefined; }} />;
}

const columns = column.columns([
  column.accessor('completedAt', { id: 'completed_at', header: 'Completed', cell: (c) => <span className="whitespace-nowrap">{day(c.getValue())}</span> }),
  column.accessor('customerName', { id: 'customer', header: 'Customer', cell: (c) => <a href={`/admin/customers?customer=${c.row.original.customerPublicId}`} className="font-semibold">{c.getValue()}</a> }),
  column.accessor('service', { header: 'Service', cell: (c) => <>{c.getValue()}{c.row.original.address && <span className="block text-xs text-muted">{c.row.original.address}</span>}</> }),
  column.accessor('invoiceTotalCents', { id: 'invoice_total', header: 'Invoice', cell: (c) => money(c.getValue()) }),
  column.accessor('paidAt', { id: 'paid_at', header: 'Paid', cell: (c) => <span className="whitespace-nowrap">{c.getValue() ? day(c.getValue()) : 'Unpaid'}</span> }),
  column.accessor('source', { header: 'From', enableSorting: false, cell: (c) => <>{c.getValue()}{c.row.original.externalId && <span className="block text-xs break-all text-muted">{c.row.original.externalId}</span>}</> }),
  column.display({ id: 'actions', header: () => <span className="sr-only">Actions</span>, enableSorting: false, cell: (c) => <EditJob job={c.row.original} /> }),
]);
const noRows: JobView[] = [];

function JobList() {
  const query = useStore($jobQuery);
  const list = useStore($jobs);
  const id = useId();
  const [search, setSearch] = useState(query.q ?? '');
  const sorting: SortingState = [{ id: query.sort, desc: query.dir === 'desc' }];
  const table = useTable({
    features, data: list.data?.rows ?? noRows, columns, manualSorting: true, state: { sorting },
    onSortingChange: (updater) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      setJobQuery(next ? { sort: next.id as (typeof jobSorts)[number], dir: next.desc ? 'desc' : 'asc' } : { sort: 'completed_at', dir: 'desc' });
    },
  });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const go = (page: number) => { $jobQuery.set({ ...query, page }); void loadJobs(); };
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-extrabold">All jobs</h2>
      <form role="search" className="mt-2 flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); setJobQuery({ q: search.trim() || undefined }); }}>
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-bold">Search by service, customer, address or external id</label>
          <input id={`${id}-q`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} className="mt-1 rounded-md border border-line px-3 py-2" />
        </div>
        <button type="submit" className="btn btn-outline px-3">Search</button>
      </form>
      {list.status === 'error' && <p role="alert" className="mt-2 font-semibold text-red-700">{list.message}</p>}
      <p className="mt-2 text-sm text-muted" aria-live="polite">{list.status === 'loading' ? 'Loading…' : `${total} job${total === 1 ? '' : 's'}${query.q ? ` matching “${query.q}”` : ''}.`}</p>
      <div className="md:hidden">
        <label htmlFor={`${id}-sort`} className="mt-2 block text-sm font-bold">Sort by</label>
        <select id={`${id}-sort`} value={`${query.sort}:${query.dir}`} onChange={(e) => { const [sort, dir] = e.target.value.split(':') as [JobQuery['sort'], JobQuery['dir']]; setJobQuery({ sort, dir }); }} className="mt-1 rounded-md border border-line px-3 py-2">
          <option value="completed_at:desc">Most recently completed</option>
          <option value="customer:asc">Customer, A to Z</option>
          <option value="invoice_total:desc">Largest invoice</option>
          <option value="paid_at:desc">Most recently paid</option>
        </select>
        <ul className="mt-2 space-y-2">
          {(list.data?.rows ?? []).map((job) => (
            <li key={job.publicId} className="card p-3">
              <p className="font-semibold">{job.service}</p>
              <p className="text-sm"><a href={`/admin/customers?customer=${job.customerPublicId}`}>{job.customerName}</a> · {day(job.completedAt)}</p>
              <p className="text-xs text-muted">{money(job.invoiceTotalCents)} · {job.paidAt ? `paid ${day(job.paidAt)}` : 'unpaid'} · from {job.source}</p>
              <div className="mt-2"><EditJob job={job} /></div>
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
            {list.status === 'ready' && total === 0 && <tr><td colSpan={7} className="px-3 py-6 text-center text-muted">No jobs{query.q ? ' match this search' : ' yet'}.</td></tr>}
          </tbody>
        </table>
      </div>
      <Pager label="Pages of jobs" page={query.page} pages={pages} onPage={(page) => go(page)} />
    </section>
  );
}

/** Find the customer, then fill in the job. */
function AddJob() {
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<CustomerRow[] | undefined>();
  const [customer, setCustomer] = useState<CustomerDetail | undefined>();
  const [message, setMessage] = useState('');
  const find = async () => {
    try {
      setFound(await searchCustomers(q.trim()));
      setMessage('');
    } catch (error) {
      setMessage(handleAdminError(error));
    }
  };
  const pick = async (publicId: string) => {
    setCustomer(undefined);
    if (!publicId) return;
    try {
      setCustomer(await callContract(adminCustomerContract, undefined, undefined, { id: publicId }));
    } catch (error) {
      setMessage(handleAdminError(error));
    }
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="card p-5">
      <h2 id={`${id}-heading`} className="text-xl font-extrabold">Add a job</h2>
      <p className="mt-1 text-sm text-muted">Find the customer first; a new customer is added on the <a href="/admin/customers">customers screen</a>.</p>
      <form role="search" className="mt-2 flex flex-wrap items-end gap-2" onSubmit={(e) => { e.preventDefault(); void find(); }}>
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-bold">Find the customer</label>
          <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} className="mt-1 rounded-md border border-line px-3 py-2" />
        </div>
        <button type="submit" className="btn btn-outline px-3">Find</button>
      </form>
      {message && <p role="alert" className="mt-2 font-semibold text-red-700">{message}</p>}
      {found && (found.length === 0 ? <p className="mt-2">No customer matches.</p> : (
        <div className="mt-2 max-w-md">
          <label htmlFor={`${id}-customer`} className="block text-sm font-bold">Customer</label>
          <select id={`${id}-customer`} defaultValue="" onChange={(e) => void pick(e.target.value)} className={fieldClass}>
            <option value="">Choose…</option>
            {found.map((r) => <option key={r.publicId} value={r.publicId}>{r.name}{r.email ? ` (${r.email})` : r.phone ? ` (${r.phone})` : ''}</option>)}
          </select>
        </div>
      ))}
      {customer && (
        <div className="mt-3">
          <JobForm key={customer.publicId} addresses={customer.addresses} submitLabel={`Add job for ${customer.name}`} onSave={async (values) => {
            const result = await createJob({ customerId: customer.publicId, ...values });
            if (isFailure(result)) return result;
            await loadJobs();
            return undefined;
          }} />
        </div>
      )}
    </section>
  );
}

export default function JobsScreen() {
  const staff = useStore($staff);
  const notice = useStore($jobNotice);
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? loadJobs() : undefined));
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  return (
    <div className="grid gap-8">
      <p role="status" className={`min-h-6 font-semibold ${notice.tone === 'error' ? 'text-red-700' : 'text-green-800'}`}>{notice.text}</p>
      <JobList />
      <AddJob />
      <JobsImport />
    </div>
  );
}
