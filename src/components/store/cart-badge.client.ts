/**
 * The header's cart link: hidden while the cart is empty. It reads only whether the cart's key
 * is stored (an empty cart removes it), so pages with an empty cart load nothing more; when there
 * is a cart, the cart store loads to count it through its schema.
 */
import { CART_CHANGE_EVENT, CART_STORAGE_KEY } from '../../lib/store/cart-key';

function stored(): boolean {
  try {
    return localStorage.getItem(CART_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

export function initCartBadge(): void {
  const link = document.querySelector<HTMLElement>('[data-cart-link]');
  const count = link?.querySelector<HTMLElement>('[data-cart-count]');
  if (!link || !count) return;
  const render = (n: number) => {
    count.textContent = String(n);
    link.querySelector('[data-cart-noun]')!.textContent = n === 1 ? ' item' : ' items';
    link.hidden = n === 0;
  };
  let listening = false;
  const update = () => {
    if (!stored() && !listening) return render(0);
    void import('../../islands/store/cart.store').then(({ $cart, cartCount, loadCart }) => {
      loadCart();
      render(cartCount($cart.get()));
      if (!listening) $cart.listen((cart) => render(cartCount(cart)));
      listening = true;
    });
  };
  update();
  window.addEventListener(CART_CHANGE_EVENT, update);
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) update();
  });
}
