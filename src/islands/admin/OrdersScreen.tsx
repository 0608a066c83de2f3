/**
 * /admin/orders: the store's orders, newest first (or sorted by a column header), by state or searched. Opening one shows its
 * items, addresses, payment state, Stripe ids, memberships and the emails it sent; staff mark an
 * order request paid when the office took payment by phone, or cancel an unpaid order; an owner
 * refunds a paid one (through Stripe when it was paid there). The open order is kept in the address (?order=).
 */
import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { atom } from 'nanostores';
import { AlertDialog } from 'radix-ui';
import { useEffect, useId, useState } from 'react';
import { orderStates } from '../../lib/api/checkout.contract';
import { adminOrderContract, adminOrderListContract, adminOrderRefundContract, adminOrderUpdateContract, orderStateLabels, type OrderDetail, type OrderSummary } from '../../lib/api/admin/orders.contract';
import { formatCents } from '../../lib/api/admin/products.contract';
import { callContract } from '../../lib/api/client';
import type { QueryOf, ReadOf } from '../../lib/api/contract';
import { $staff, handleAdminError, loadStaff } from './session.store';
import SortableTable, { sortableFeatures } from './SortableTable';
import Pager from './Pager';

type Query = QueryOf<typeof adminOrderListContract>;
const $query = atom<Query>({ status: 'all', page: 1, pageSize: 25, sort: 'created_at', dir: 'desc' });
const $orders = atom<{ status: 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminOrderListContract>; message: string }>({ status: 'loading', message: '' });
const $open = atom<{ status: 'closed' | 'loading' | 'ready' | 'error'; order?: OrderDetail; message: string }>({ status: 'closed', message: '' });
const $notice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

async function load(): Promise<void> {
  $orders.set({ ...$orders.get(), status: 'loading' });
  try {
    $orders.set({ status: 'ready', data: await callContract(adminOrderListContract, $query.get()), message: '' });
  } catch (error) {
    $orders.set({ status: 'error', message: handleAdminError(error) });
  }
}

async function openOrder(id: string): Promise<void> {
  $open.set({ status: 'loading', message: '' });
  const url = new URL(window.location.href);
  url.searchParams.set('order', id);
  window.history.replaceState(null, '', url);
  try {
    $open.set({ status: 'ready', order: await callContract(adminOrderContract, undefined, undefined, { id }), message: '' });
  } catch (error) {
    $open.set({ status: 'error', message: handleAdminError(error) });
  }
}

function closeOrder(): void {
  $open.set({ status: 'closed', message: '' });
  const url = new URL(window.location.href);
  url.searchParams.delete('order');
  window.history.replaceState(null, '', url);
}

async function act(run: () => Promise<OrderDetail>, done: (order: OrderDetail) => string): Promise<void> {
  try {
    const order = await run();
    $open.set({ status: 'ready', order, message: '' });
    $notice.set({ tone: 'info', text: done(order) });
    await load();
  } catch (error) {
    $notice.set({ tone: 'error', text: handleAdminError(error) });
  }
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });
const day = (isoDate: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${isoDate}T12:00:00Z`));
type Address = NonNullable<OrderDetail['shippingAddress']>;
const addressText = (a: Address) => [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');

/** A confirmation dialog with an optional note, for the actions that change an order. */
function ConfirmAction({ label, title, description, confirm, tone = 'default', onConfirm }: { label: string; title: string; description: string; confirm: string; tone?: 'default' | 'danger'; onConfirm: (note: string) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild><button type="button" className={tone === 'danger' ? 'btn btn-outline px-3 text-sm text-red-800' : 'btn btn-primary px-3 text-sm'}>{label}</button></AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <AlertDialog.Title className="text-lg font-extrabold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-muted">{description}</AlertDialog.Description>
          <label htmlFor={`${id}-note`} className="mt-3 block font-bold">Note (optional)</label>
          <textarea id={`${id}-note`} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} className="mt-1 w-full rounded-md border border-line px-3 py-2" />
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" disabled={busy} className="btn btn-primary px-3 text-sm" onClick={() => { setBusy(true); void onConfirm(note.trim()).finally(() => { setBusy(false); setOpen(false); setNote(''); }); }}>{confirm}</button>
            <AlertDialog.Cancel asChild><button type="button" className="btn btn-outline px-3 text-sm">Keep it as it is</button></AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function OrderPanel({ order, isOwner }: { order: OrderDetail; isOwner: boolean }) {
  const id = order.publicId;
  const withNote = (note: string) => (note ? { note } : {});
  const unpaid = order.status === 'requested' || order.status === 'processing' || order.status === 'failed' || order.status === 'expired';
  return (
    <section aria-labelledby="order-title" className="card mt-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="order-title" className="text-xl font-extrabold">Order {order.orderNumber}</h2>
        <button type="button" className="btn btn-outline px-3 text-sm" onClick={closeOrder}>Close</button>
      </div>
      <p className="mt-1"><strong>{orderStateLabels[order.status]}</strong> · {formatCents(order.totalCents)} · placed {when.format(new Date(order.createdAt))}{order.paidAt && ` · paid ${when.format(new Date(order.paidAt))}`}{order.spam && ' · marked as spam'}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {unpaid && <ConfirmAction label="Mark paid" title={`Mark ${order.orderNumber} paid?`} description="Only when the office has taken the payment. The buyer gets a receipt and each membership starts today." confirm="Mark paid" onConfirm={(note) => act(() => callContract(adminOrderUpdateContract, { action: 'mark-paid', ...withNote(note) }, undefined, { id }), (o) => `Order ${o.orderNumber} is paid.`)} />}
        {unpaid && <ConfirmAction label="Cancel order" tone="danger" title={`Cancel ${order.orderNumber}?`} description="Nothing was charged for it. The buyer is not emailed; call them if they expect to hear from us." confirm="Cancel the order" onConfirm={(note) => act(() => callContract(adminOrderUpdateContract, { action: 'cancel', ...withNote(note) }, undefined, { id }), (o) => `Order ${o.orderNumber} is cancelled.`)} />}
        {order.status === 'paid' && isOwner && <ConfirmAction label="Refund" tone="danger" title={`Refund ${formatCents(order.totalCents)} for ${order.orderNumber}?`} description={order.stripe.paymentIntent ? 'Stripe returns the full amount to the buyer\'s card. Its memberships end.' : 'It was paid to the office: return the money yourself; this records the refund and ends its memberships.'} confirm="Refund" onConfirm={(note) => act(() => callContract(adminOrderRefundContract, withNote(note), undefined, { id }), (o) => `Order ${o.orderNumber} is refunded.`)} />}
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <h3 className="font-extrabold">Buyer</h3>
          <p>{order.name}<br /><a href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}>{order.phone}</a><br /><a href={`mailto:${order.email}`}>{order.email}</a></p>
          <p className="mt-1">{order.propertyType === 'commercial' ? `Commercial: ${order.company ?? ''}${order.contactPerson ? `, contact ${order.contactPerson}` : ''}` : 'Residential'}</p>
          {order.shippingAddress && <p className="mt-1"><strong>Ship to:</strong> {addressText(order.shippingAddress)}</p>}
          <p className="mt-1"><strong>Billing:</strong> {order.billingSameAsService ? 'same as the service address' : order.billingAddress ? addressText(order.billingAddress) : '—'}</p>
        </div>
        <div>
          <h3 className="font-extrabold">Payment</h3>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt>Method</dt><dd>{order.paymentMethod === 'stripe' ? 'Stripe Checkout' : 'Taken by the office'}</dd>
            <dt>Session</dt><dd className="break-all">{order.stripe.sessionId ?? '—'}</dd>
            <dt>Payment</dt><dd className="break-all">{order.stripe.paymentIntent ?? '—'}</dd>
            <dt>Refund</dt><dd className="break-all">{order.stripe.refundId ?? (order.refundedAt ? 'by the office' : '—')}</dd>
            {order.stripe.error && <><dt>Stripe error</dt><dd className="break-words">{order.stripe.error}</dd></>}
          </dl>
        </div>
      </div>
      <h3 className="mt-4 font-extrabold">Items</h3>
      <ul className="mt-1 list-disc pl-5">
        {order.lines.map((line, i) => <li key={i}>{line.quantity} × {line.name} at {formatCents(line.unitPriceCents)}{line.serviceAddress && ` — covers ${addressText(line.serviceAddress)}`}</li>)}
      </ul>
      {order.memberships.length > 0 && (
        <>
          <h3 className="mt-4 font-extrabold">Memberships</h3>
          <ul className="mt-1 list-disc pl-5">
            {order.memberships.map((m) => <li key={m.publicId}>{m.name}: {day(m.startsOn)} to {day(m.endsOn)}, {m.visitsUsed} of {m.visitsIncluded} visits used ({m.status})</li>)}
          </ul>
        </>
      )}
      <h3 className="mt-4 font-extrabold">Emails</h3>
      {order.emails.length === 0 ? <p className="text-muted">None.</p> : (
        <ul className="mt-1 list-disc pl-5">
          {order.emails.map((e, i) => <li key={i}>To {e.to}: “{e.subject}” — {e.status === 'sent' && e.sentAt ? `sent ${when.format(new Date(e.sentAt))}` : e.status === 'dead' ? `failed: ${e.lastError ?? ''}` : 'waiting'}</li>)}
        </ul>
      )}
      {order.notes && <><h3 className="mt-4 font-extrabold">Notes</h3><p className="whitespace-pre-wrap">{order.notes}</p></>}
      {order.history.length > 0 && (
        <>
          <h3 className="mt-4 font-extrabold">History</h3>
          <ul className="mt-1 list-disc pl-5">{order.history.map((h, i) => <li key={i}>{when.format(new Date(h.at))}: {h.action.replace('order.', '')} by {h.actor}</li>)}</ul>
        </>
      )}
    </section>
  );
}

const column = createColumnHelper<typeof sortableFeatures, OrderSummary>();
const columns = column.columns([
  column.accessor('orderNumber', { id: 'order_number', header: 'Order', cell: (c) => <button type="button" className="font-bold text-brand-700 underline" onClick={() => void openOrder(c.row.original.publicId)} aria-label={`Open order ${c.getValue()}`}>{c.getValue()}</button> }),
  column.accessor('createdAt', { id: 'created_at', header: 'Placed', cell: (c) => <span className="whitespace-nowrap">{when.format(new Date(c.getValue()))}</span> }),
  column.accessor('name', { header: 'Buyer', cell: (c) => <>{c.getValue()}<span className="block text-xs text-muted">{c.row.original.email}</span></> }),
  column.accessor('items', { header: 'Items', enableSorting: false }),
  column.accessor('totalCents', { id: 'total_cents', header: 'Total', cell: (c) => <span className="whitespace-nowrap">{formatCents(c.getValue())}</span> }),
  column.accessor('status', { header: 'State', cell: (c) => <>{orderStateLabels[c.getValue()]}{c.row.original.spam && <span className="block text-xs text-muted">spam</span>}</> }),
]);
const noRows: OrderSummary[] = [];

export default function OrdersScreen() {
  const staff = useStore($staff);
  const query = useStore($query);
  const orders = useStore($orders);
  const open = useStore($open);
  const notice = useStore($notice);
  const id = useId();
  const [search, setSearch] = useState('');
  useEffect(() => {
    void loadStaff().then(() => {
      if ($staff.get().status !== 'signed-in') return;
      void load();
      const wanted = new URL(window.location.href).searchParams.get('order');
      if (wanted && /^[A-Za-z0-9_-]{20,64}$/.test(wanted)) void openOrder(wanted);
    });
  }, []);
  if (staff.status === 'loading') return <p aria-busy="true">Checking your sign-in…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  const isOwner = staff.status === 'signed-in' && staff.staff.role === 'owner';
  const data = orders.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const set = (change: Partial<Query>) => { $query.set({ ...query, page: 1, ...change }); void load(); };
  return (
    <div>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => { e.preventDefault(); set({ q: search.trim() || undefined }); }}>
        <div>
          <label htmlFor={`${id}-status`} className="block text-sm font-bold">Show</label>
          <select id={`${id}-status`} value={query.status} onChange={(e) => set({ status: e.target.value as Query['status'] })} className="mt-1 rounded-md border border-line px-3 py-2">
            <option value="all">All orders</option>
            {orderStates.map((s) => <option key={s} value={s}>{orderStateLabels[s]}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-bold">Search</label>
          <input id={`${id}-q`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} maxLength={100} placeholder="Number, name, email, phone" className="mt-1 w-72 max-w-full rounded-md border border-line px-3 py-2" />
        </div>
        <button type="submit" className="btn btn-outline px-3 text-sm">Search</button>
      </form>
      <p role={notice.tone === 'error' ? 'alert' : 'status'} className="mt-3 text-sm">{notice.text}</p>
      {orders.status === 'error' && <p role="alert" className="font-semibold text-red-700">{orders.message}</p>}
      <SortableTable rows={data?.rows ?? noRows} columns={columns} rowKey={(o) => o.publicId} sort={query.sort} dir={query.dir} firstDir="desc" onSort={(sort, dir) => set({ sort, dir })} label="Orders (scrolls sideways on small screens)" empty={data ? 'No orders here.' : false} />
      <Pager label="Pages" page={query.page} pages={pages} onPage={(page) => { $query.set({ ...query, page }); void load(); }} />
      {open.status === 'loading' && <p aria-busy="true" className="mt-4">Opening the order…</p>}
      {open.status === 'error' && <p role="alert" className="mt-4 font-semibold text-red-700">{open.message}</p>}
      {open.status === 'ready' && open.order && <OrderPanel order={open.order} isOwner={isOwner} />}
    </div>
  );
}
