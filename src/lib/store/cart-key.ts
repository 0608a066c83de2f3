/** Where the browser keeps the cart (localStorage); apart from the schema so the header's badge script can read it without zod. */
export const CART_STORAGE_KEY = 'eps_cart';

/** The window event a page fires after it changed the cart, so the header's badge counts again. */
export const CART_CHANGE_EVENT = 'eps:cart-change';
