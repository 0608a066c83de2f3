/**
 * /admin/commercial-customers: the businesses the commercial pages show, each on its industry's page
 * and on /commercial-services. Staff add, edit and delete them, upload a logo, and must tick that the
 * customer agreed to be shown (who recorded it and when is kept). Only active ones appear, after the
 * next publish. Phones get one card per customer; wider screens a table sorted by the server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { industries } from '../../business/industries';
import { customerFields, type CustomerRow, type CustomerSort } from '../../lib/api/admin/commercial-customers.contract';
import { ActionDialog, described, Field, fieldClass } from './AdminForm';
import { $customerNotice, $customers, $customerSort, deleteCustomer, loadCustomers, saveCustomer, setCustomerSort, uploadLogo } from './commercial-customers.store';
import PublishingPanel, { when } from './PublishingPanel';
import { $staff, loadStaff } from './session.store';
import ServerSortedTable, { serverSortedColumns } from './ServerSortedTable';

/** The form's fields as typed: empty text meaning none, the order as text. */
const optional = <T extends z.ZodType<unknown, string | null>>(schema: T) => z.string().trim().transform((v) => (v === '' ? null : v)).pipe(schema);
const customerForm = z.object({
  name: customerFields.name,
  website: optional(customerFields.website),
  industry: customerFields.industry,
  customerSince: optional(customerFields.customerSince),
  sortOrder: z.string().trim().transform((v) => (v === '' ? 0 : Number(v))).pipe(customerFields.sortOrder),
  active: z.boolean(),
  permission: z.boolean().refine((v) => v, 'Tick the box to record that the customer agreed to be shown on the website.'),
});
type FormInput = z.input<typeof customerForm>;
type FormOutput = z.output<typeof customerForm>;
type Logo = NonNullable<CustomerRow['logo']>;

const industryTitle = (id: string) => industries.find((i) => i.id === id)?.title.replace(/ Plumbing$/, '') ?? id;
const host = (url: string) => { try { return new URL(url).hostname.replace(/^www\./, ''); } catch { return url; } };

function LogoField({ id, logo, setLogo }: { id: string; logo: Logo | null; setLogo: (l: Logo | null) => void }) {
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const input = useRef<HTMLInputElement>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, error: '' });
    try {
      setLogo(await uploadLogo(file));
      setState({ busy: false, error: '' });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message.replace(/^\d+: /, '') : 'The logo could not be uploaded.' });
    }
    if (input.current) input.current.value = '';
  };
  return (
    // min-w-0: a fieldset is otherwise as wide as the file input's text, wider than a phone's dialog.
    <fieldset className="min-w-0 space-y-2 rounded-md border border-line p-3">
      <legend className="px-1 font-bold">Logo (optional)</legend>
      {logo && <img src={logo.url} alt="" width={logo.width} height={logo.height} className="h-16 w-auto max-w-full rounded border border-line object-contain" />}
      <div>
        <label htmlFor={`${id}-logo`} className="block text-sm font-semibold">{logo ? 'Replace the logo' : 'Upload a logo'}</label>
        <input ref={input} id={`${id}-logo`} type="file" accept="image/jpeg,image/png,image/webp,image/gif" className="mt-1 max-w-full text-sm" aria-describedby={`${id}-logo-hint`} disabled={state.busy} onChange={(e) => void onFile(e.target.files?.[0])} />
        <p id={`${id}-logo-hint`} className="mt-1 text-sm text-muted">JPEG, PNG, WebP or GIF, at most 5 MB (not SVG). Transparent parts become white. The page uses the company's name as its description.</p>
        {state.busy && <p role="status" className="text-sm">Uploading…</p>}
        {state.error && <p role="alert" className="text-sm font-semibold text-red-700">{state.error}</p>}
      </div>
      {logo && <button type="button" className="btn btn-outline min-h-9 px-3 text-sm" onClick={() => setLogo(null)}>Remove the logo</button>}
    </fieldset>
  );
}

function CustomerForm({ customer, onDone }: { customer: CustomerRow | null; onDone: () => void }) {
  const id = useId();
  const [logo, setLogo] = useState<Logo | null>(customer?.logo ?? null);
  const [serverError, setServerError] = useState('');
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(customerForm),
    defaultValues: {
      name: customer?.name ?? '', website: customer?.website ?? '', industry: customer?.industry ?? industries[0].id, customerSince: customer?.customerSince ?? '',
      sortOrder: String(customer?.sortOrder ?? 0), active: customer?.active ?? true, permission: Boolean(customer),
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    const failure = await saveCustomer({ ...values, permission: true, logo: logo?.id ?? null }, customer?.id);
    setServerError(failure?.message ?? '');
    const known = ['name', 'website', 'industry', 'customerSince', 'sortOrder', 'permission'] as const;
    for (const [field, message] of Object.entries(failure?.fields ?? {})) {
      if ((known as readonly string[]).includes(field)) setError(field as (typeof known)[number], { message });
    }
    if (!failure) onDone();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3">
      <Field id={`${id}-name`} label="Company name" error={errors.name}><input id={`${id}-name`} {...register('name')} {...described(`${id}-name`, errors.name)} className={fieldClass} /></Field>
      <Field id={`${id}-website`} label="Website (optional)" error={errors.website} hint="The full address, starting with https://.">
        <input id={`${id}-website`} type="url" inputMode="url" {...register('website')} {...described(`${id}-website`, errors.website, true)} className={fieldClass} />
      </Field>
      <Field id={`${id}-industry`} label="Commercial page" error={errors.industry} hint="It appears on that industry's page under /commercial/ and on /commercial-services.">
        <select id={`${id}-industry`} {...register('industry')} {...described(`${id}-industry`, errors.industry, true)} className={fieldClass}>
          {industries.map((i) => <option key={i.id} value={i.id}>{industryTitle(i.id)}</option>)}
        </select>
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${id}-since`} label="Customer since (optional)" error={errors.customerSince} hint="A year like 2019 or a date like 2019-04-01.">
          <input id={`${id}-since`} {...register('customerSince')} {...described(`${id}-since`, errors.customerSince, true)} className={fieldClass} />
        </Field>
        <Field id={`${id}-order`} label="Order" error={errors.sortOrder} hint="Lower numbers come first.">
          <input id={`${id}-order`} inputMode="numeric" {...register('sortOrder')} {...described(`${id}-order`, errors.sortOrder, true)} className={fieldClass} />
        </Field>
      </div>
      <LogoField id={id} logo={logo} setLogo={setLogo} />
      <label className="flex items-center gap-2 font-semibold"><input type="checkbox" {...register('active')} className="h-5 w-5" />Active: shown on the commercial pages</label>
      <div>
        <label className="flex items-start gap-2 font-semibold">
          <input type="checkbox" {...register('permission')} {...described(`${id}-permission`, errors.permission, true)} className="mt-0.5 h-5 w-5 shrink-0" />
          <span>The customer agreed to have their name and logo shown on our website</span>
        </label>
        {errors.permission?.message
          ? <p id={`${id}-permission-error`} className="mt-1 text-sm font-semibold text-red-700">{errors.permission.message}</p>
          : <p id={`${id}-permission-hint`} className="mt-1 text-sm text-muted">{customer ? `Recorded by ${customer.permissionRecordedBy}, ${when(customer.permissionRecordedAt)}.` : 'Required. Your name and the time are recorded with it.'}</p>}
      </div>
      <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting}>{customer ? 'Save' : 'Add customer'}</button>
      {serverError && <p role="alert" className="text-sm font-semibold text-red-700">{serverError}</p>}
    </form>
  );
}

function RowActions({ customer }: { customer: CustomerRow }) {
  const remove = () => {
    if (window.confirm(`Delete ${customer.name}? After the next publish the commercial pages no longer show it, and its logo is deleted.`)) void deleteCustomer(customer);
  };
  return (
    <div className="flex flex-wrap gap-1.5">
      <ActionDialog trigger="Edit" label={`Edit ${customer.name}`} title={`Edit ${customer.name}`} description="The commercial pages show the change after the next publish.">
        {(close) => <CustomerForm customer={customer} onDone={close} />}
      </ActionDialog>
      <button type="button" className="btn btn-outline min-h-9 px-2.5 text-sm" aria-label={`Delete ${customer.name}`} onClick={remove}>Delete</button>
    </div>
  );
}

function NameCell({ customer }: { customer: CustomerRow }) {
  return (
    <div className="flex items-center gap-3">
      {customer.logo ? <img src={customer.logo.url} alt="" width={customer.logo.width} height={customer.logo.height} className="h-10 w-16 shrink-0 object-contain" /> : <span className="h-10 w-16 shrink-0 rounded bg-surface" aria-hidden="true" />}
      <div>
        <span className="font-semibold">{customer.name}</span>
        {customer.website && <span className="block text-xs text-muted">{host(customer.website)}</span>}
      </div>
    </div>
  );
}
const stateBadge = (c: CustomerRow) => (c.active
  ? <span className="rounded bg-green-100 px-1.5 text-xs font-semibold whitespace-nowrap text-green-900">Shown</span>
  : <span className="rounded bg-gray-200 px-1.5 text-xs font-semibold whitespace-nowrap text-ink">Hidden</span>);

const column = serverSortedColumns<CustomerRow>();
const sortIds: Record<string, CustomerSort> = { sortOrder: 'order', name: 'name', industry: 'industry', customerSince: 'since' };
const columns = column.columns([
  column.accessor('name', { header: 'Customer', cell: (c) => <NameCell customer={c.row.original} /> }),
  column.accessor('industry', { header: 'Page', cell: (c) => <span className="whitespace-nowrap">{industryTitle(c.getValue())}</span> }),
  column.accessor('customerSince', { header: 'Since', cell: (c) => c.getValue() ?? '—' }),
  column.accessor('sortOrder', { header: 'Order', cell: (c) => c.getValue() }),
  column.display({ id: 'state', header: 'State', enableSorting: false, cell: (c) => stateBadge(c.row.original) }),
  column.display({ id: 'actions', header: () => <span className="sr-only">Actions</span>, enableSorting: false, cell: (c) => <RowActions customer={c.row.original} /> }),
]);

export default function CommercialCustomersScreen() {
  const staff = useStore($staff);
  const customers = useStore($customers);
  const sort = useStore($customerSort);
  const notice = useStore($customerNotice);
  const id = useId();
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? loadCustomers() : undefined));
  }, []);
  const rows = customers.rows;
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  return (
    <div className="space-y-6">
      <div className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <p className="max-w-2xl text-sm text-muted">Add only customers who agreed to be shown. Hidden customers stay here but appear on no page.</p>
          <ActionDialog trigger="Add a customer" label="Add a customer" title="Add a commercial customer" description="It appears on its commercial page and on /commercial-services after the next publish, if it is active.">
            {(close) => <CustomerForm customer={null} onDone={close} />}
          </ActionDialog>
        </div>
        <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'font-semibold text-red-700' : 'text-sm'}>{notice.text}</p>
        {customers.status === 'error' && <p role="alert" className="font-semibold text-red-700">{customers.message}</p>}
        {customers.status === 'loading' && <p aria-busy="true">Loading the customers…</p>}
        {/* Phones get one card per customer; the table would need sideways scrolling to reach the buttons. */}
        <div className="md:hidden">
          <label htmlFor={`${id}-sort`} className="block text-sm font-bold">Sort by</label>
          <select id={`${id}-sort`} value={sort} onChange={(e) => setCustomerSort(e.target.value as CustomerSort)} className="mt-1 rounded-md border border-line px-3 py-2">
            <option value="order">Page order</option>
            <option value="name">Name, A to Z</option>
            <option value="industry">Page</option>
            <option value="since">Customer longest</option>
          </select>
          <ul className="mt-3 space-y-2" aria-label="Commercial customers">
            {rows.map((c) => (
              <li key={c.id} className="card space-y-2 p-3">
                <NameCell customer={c} />
                <p className="flex flex-wrap items-center gap-2 text-sm"><span>{industryTitle(c.industry)}</span>{c.customerSince && <span>since {c.customerSince}</span>}<span>order {c.sortOrder}</span>{stateBadge(c)}</p>
                <RowActions customer={c} />
              </li>
            ))}
            {customers.status === 'ready' && rows.length === 0 && <li className="text-muted">No commercial customers yet.</li>}
          </ul>
        </div>
        <ServerSortedTable rows={rows} columns={columns} sortIds={sortIds} sort={sort} onSort={setCustomerSort} caption="Commercial customers" empty={customers.status === 'ready' && 'No commercial customers yet.'} />
      </div>
      <PublishingPanel />
    </div>
  );
}
