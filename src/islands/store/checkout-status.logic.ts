/** What the success page says for each state the server reports; it never claims more than the server knows. */
import type { OrderState } from '../../lib/api/checkout.contract';

export interface StatusCopy {
  heading: string;
  body: string;
  /** What happens next, when there is a next step. */
  next?: string;
  tone: 'good' | 'wait' | 'bad';
}

export const statusCopy: Record<OrderState, StatusCopy> = {
  paid: {
    heading: 'Payment received: thank you',
    body: 'Your payment is confirmed and your order is paid. A receipt is on its way to your email.',
    next: 'Our office will call you to schedule the first visit.',
    tone: 'good',
  },
  processing: {
    heading: 'Your payment is being processed',
    body: 'Your order is saved, but the payment is not confirmed yet. Some payment methods take a little while. This page checks again by itself.',
    next: 'Once the payment is confirmed you get a receipt by email, and our office calls you to schedule the first visit.',
    tone: 'wait',
  },
  requested: {
    heading: 'Order request received',
    body: 'Your order is saved. No payment has been taken online: the office will call you to take payment.',
    next: 'On that call we also schedule the first visit.',
    tone: 'good',
  },
  failed: {
    heading: 'The payment did not go through',
    body: 'Your order is not paid. You can try again from the store, or call either office and we will take payment by phone.',
    tone: 'bad',
  },
  expired: {
    heading: 'The payment page expired',
    body: 'The payment page closed before payment was made, so your order is not paid. You can start again from the store, or call either office.',
    tone: 'bad',
  },
  cancelled: {
    heading: 'This order was cancelled',
    body: 'This order is cancelled and is not being fulfilled. If that is unexpected, call either office.',
    tone: 'bad',
  },
  refunded: {
    heading: 'This order was refunded',
    body: 'The payment for this order was refunded. Questions about it: call either office.',
    tone: 'bad',
  },
};

/** Said after "what happens next" when the order has a product. */
export const shippingNote = 'Your products ship to the shipping address you gave.';

/** The states the page keeps checking while it is open. */
export const pollingStates: ReadonlySet<OrderState> = new Set(['processing']);
/** The states after which the cart the order came from is emptied. */
export const cartDoneStates: ReadonlySet<OrderState> = new Set(['paid', 'requested']);

/** How often, and for how long, the page checks a processing payment again. */
export const pollEveryMs = 3000;
export const pollForMs = 3 * 60 * 1000;

/** The query the status endpoint takes, from the page's URL: Stripe's session_id or an order request's id. */
export function statusQueryFrom(search: string): { session_id: string } | { order: string } | undefined {
  const params = new URLSearchParams(search);
  const session = params.get('session_id');
  const order = params.get('order');
  if (session && /^cs_[A-Za-z0-9_]{1,252}$/.test(session)) return { session_id: session };
  if (order && /^[A-Za-z0-9_-]{1,64}$/.test(order)) return { order };
  return undefined;
}
