/**
 * "Add to cart" without JavaScript is a form to /store/cart?add=slug. With it, this small
 * listener adds the item in place: the cart store (and zod with it) loads on the first click,
 * not with the page. It tells the header's badge through CART_CHANGE_EVENT.
 */
import { CART_CHANGE_EVENT } from '../../lib/store/cart-key';

const messages = {
  added: (name: string) => `${name} is in your cart.`,
  more: (name: string) => `One more ${name} is in your cart.`,
  already: (name: string) => `${name} is already in your cart: a membership covers one address, and a product at most 10.`,
  full: () => 'Your cart is full (20 different items). Check out or remove something first.',
};

export function initAddToCart(): void {
  const status = document.querySelector<HTMLElement>('[data-cart-status]');
  document.addEventListener('submit', (event) => {
    const form = event.target instanceof HTMLFormElement && event.target.matches('[data-add-to-cart]') ? event.target : null;
    if (!form) return;
    event.preventDefault();
    const { slug = '', kind, name = '' } = form.dataset;
    void import('../../islands/store/cart.store').then(({ addToCart }) => {
      const result = addToCart(slug, kind === 'membership' ? 'membership' : 'product');
      window.dispatchEvent(new CustomEvent(CART_CHANGE_EVENT));
      if (status) status.textContent = messages[result](name);
      if (result !== 'full') form.closest('[data-store-item]')?.querySelector<HTMLElement>('[data-added-note]')?.removeAttribute('hidden');
    }, () => form.submit());
  });
}
