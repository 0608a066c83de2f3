/**
 * Which order came from the cart, kept for this tab between the checkout and the success page
 * (Stripe sends the buyer back to the same tab): the success page empties the cart only for that
 * order, once it is paid or requested, so a "Buy now" leaves the cart alone.
 */
const key = 'eps_cart_checkout';

export function markCartCheckout(orderNumber: string): void {
  try {
    sessionStorage.setItem(key, orderNumber);
  } catch {
    // Private mode: the cart is kept, which is safe.
  }
}

/** True once for the order that came from the cart; forgets it. */
export function takeCartCheckout(orderNumber: string): boolean {
  try {
    if (sessionStorage.getItem(key) !== orderNumber) return false;
    sessionStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
