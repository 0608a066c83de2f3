/**
 * The success page's island: reads `session_id` (from Stripe) or `order` (an order request) from
 * the URL, asks GET /api/checkout/status and shows exactly that state; a processing payment is
 * checked again every few seconds. The cart the order came from is emptied once it is paid or requested.
 */
import { useEffect, useState } from 'react';
import { checkoutStatusContract } from '../../lib/api/checkout.contract';
import { ApiError, callContract } from '../../lib/api/client';
import type { ReadOf } from '../../lib/api/contract';
import { CART_CHANGE_EVENT } from '../../lib/store/cart-key';
import { formatCents } from '../../lib/store/catalogue';
import { OfficePhones } from '../shared/FormFields';
import { officePhoneList, type OfficePhone } from '../shared/office-phones';
import { clearCart } from './cart.store';
import { takeCartCheckout } from './checkout-handoff';
import { cartDoneStates, pollEveryMs, pollForMs, pollingStates, shippingNote, statusCopy, statusQueryFrom } from './checkout-status.logic';

type Status = ReadOf<typeof checkoutStatusContract>;
type View = { kind: 'loading' } | { kind: 'none' } | { kind: 'unknown'; message: string } | { kind: 'order'; order: Status; gaveUp: boolean };

const toneClass = { good: 'border-brand-700', wait: 'border-brand-300', bad: 'border-call-700' } as const;

export default function CheckoutStatus() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [phones, setPhones] = useState<OfficePhone[]>([]);

  useEffect(() => {
    setPhones(officePhoneList());
    const query = statusQueryFrom(window.location.search);
    if (!query) return setView({ kind: 'none' });
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      try {
        const order = await callContract(checkoutStatusContract, query);
        if (stopped) return;
        const polling = pollingStates.has(order.status);
        const gaveUp = polling && Date.now() - started >= pollForMs;
        setView({ kind: 'order', order, gaveUp });
        if (cartDoneStates.has(order.status) && takeCartCheckout(order.orderNumber)) {
          clearCart();
          window.dispatchEvent(new CustomEvent(CART_CHANGE_EVENT));
        }
        if (polling && !gaveUp) timer = setTimeout(() => void ask(), pollEveryMs);
      } catch (error) {
        if (stopped) return;
        const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
        setView({ kind: 'unknown', message: notFound ? 'We could not find this order.' : error instanceof Error ? error.message : 'We could not check this order just now.' });
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  if (view.kind === 'loading') return <p className="text-lg" role="status" data-order-status="loading">Checking your order with our server…</p>;

  if (view.kind !== 'order') {
    return (
      <div className="card max-w-2xl border-l-4 border-call-700 p-6" data-order-status={view.kind}>
        <h2 className="text-xl font-bold">{view.kind === 'none' ? 'No order to show' : view.message}</h2>
        <p className="mt-2">{view.kind === 'none' ? 'This page shows an order after checkout. To buy a membership or product, go to the store.' : 'If you placed an order, call either office and we will look it up.'}</p>
        <OfficePhones phones={phones} />
        <a href="/store" className="btn btn-primary mt-5">Go to the store</a>
      </div>
    );
  }

  const { order, gaveUp } = view;
  const copy = statusCopy[order.status];
  return (
    <div className={`card max-w-2xl border-l-4 p-6 ${toneClass[copy.tone]}`} data-order-status={order.status}>
      <p className="text-sm font-semibold text-muted">Order {order.orderNumber}</p>
      <h2 className="mt-1 text-2xl font-extrabold">{copy.heading}</h2>
      <p className="mt-3" role="status">{copy.body}</p>
      {gaveUp && <p className="mt-2 font-semibold">It is taking longer than usual. You can close this page: we email your receipt when the payment is confirmed.</p>}
      <ul className="mt-4 divide-y divide-line border-y border-line text-sm">
        {order.items.map((item) => (
          <li key={item.name} className="flex justify-between gap-3 py-2">
            <span>{item.name}{item.quantity > 1 && ` × ${item.quantity}`}</span>
            <span className="text-muted">{item.kind === 'membership' ? 'Membership' : 'Product'}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex justify-between font-bold"><span>Total</span><span>{formatCents(order.totalCents)}</span></p>
      {copy.next && (
        <>
          <h3 className="mt-5 font-bold">What happens next</h3>
          <p className="mt-1">{copy.next}{order.status === 'paid' && order.items.some((i) => i.kind === 'product') && ` ${shippingNote}`}</p>
        </>
      )}
      <p className="mt-4 text-sm">Questions about your order: call either office.</p>
      <OfficePhones phones={phones} />
      {copy.tone === 'bad' && <a href="/store" className="btn btn-primary mt-5">Back to the store</a>}
    </div>
  );
}
