/**
 * The cart in the browser: `$cart` holds slugs and quantities (src/lib/store/cart.ts), read from
 * localStorage through decodeCart when first used and written back through encodeCart on every
 * change. A stored value that fails the schema is removed; an empty cart removes the key, so the
 * header's badge script knows from the key alone whether there is anything to count. Changes in
 * another tab arrive through the `storage` event.
 */
import { atom } from 'nanostores';
import { CART_STORAGE_KEY, decodeCart, emptyCart, encodeCart, MAX_CART_LINES, MAX_PRODUCT_QUANTITY, type Cart, type CartLine } from '../../lib/store/cart';
import type { StoreItem, StoreKind } from '../../lib/store/catalogue';

export const $cart = atom<Cart>(emptyCart());

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

let storage: Storage | undefined;
let loaded = false;

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function read(from: Storage): Cart {
  const stored = from.getItem(CART_STORAGE_KEY);
  const cart = decodeCart(stored);
  if (stored !== null && cart.lines.length === 0) from.removeItem(CART_STORAGE_KEY);
  return cart;
}

/** Reads the stored cart (`from` is for tests; the browser's is read once, later calls return at once). */
export function loadCart(from?: Storage): Cart {
  if (!from && loaded) return $cart.get();
  from ??= browserStorage();
  loaded = true;
  storage = from;
  if (!from) return $cart.get();
  $cart.set(read(from));
  if (typeof window !== 'undefined' && from === browserStorage()) {
    window.addEventListener('storage', (event) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) $cart.set(read(from));
    });
  }
  return $cart.get();
}

const current = (): Cart => (loaded ? $cart.get() : loadCart());

function save(cart: Cart): void {
  $cart.set(cart);
  try {
    if (cart.lines.length === 0) storage?.removeItem(CART_STORAGE_KEY);
    else storage?.setItem(CART_STORAGE_KEY, encodeCart(cart));
  } catch {
    // Storage full or blocked: the cart still works for this page.
  }
}

const limitFor = (kind: StoreKind) => (kind === 'membership' ? 1 : MAX_PRODUCT_QUANTITY);
const clamp = (quantity: number, kind: StoreKind) => Math.min(limitFor(kind), Math.max(1, Math.trunc(quantity) || 1));

export type AddResult = 'added' | 'more' | 'already' | 'full';

/**
 * Adds one of `slug`: a membership is there once (adding it again changes nothing), a product
 * goes up by one to at most 10. 'full' when the cart already has its 20 lines.
 */
export function addToCart(slug: string, kind: StoreKind): AddResult {
  const cart = current();
  const line = cart.lines.find((l) => l.slug === slug);
  if (line) {
    const quantity = clamp(line.quantity + 1, kind);
    if (quantity === line.quantity) return 'already';
    save({ ...cart, lines: cart.lines.map((l) => (l.slug === slug ? { slug, quantity } : l)) });
    return 'more';
  }
  if (cart.lines.length >= MAX_CART_LINES) return 'full';
  save({ ...cart, lines: [...cart.lines, { slug, quantity: 1 }] });
  return 'added';
}

export function setQuantity(slug: string, quantity: number, kind: StoreKind): void {
  const cart = current();
  save({ ...cart, lines: cart.lines.map((l) => (l.slug === slug ? { slug, quantity: clamp(quantity, kind) } : l)) });
}

export function removeFromCart(slug: string): void {
  const cart = current();
  save({ ...cart, lines: cart.lines.filter((l) => l.slug !== slug) });
}

export function clearCart(): void {
  current();
  save(emptyCart());
}

/** How many items the badge shows: the sum of the quantities. */
export const cartCount = (cart: Cart): number => cart.lines.reduce((n, l) => n + l.quantity, 0);

export interface PricedLine extends CartLine {
  item: StoreItem;
}

/**
 * The cart's lines that the catalogue still sells, each with its item and a membership held at 1;
 * `dropped` counts the lines no longer sold (taken off sale since they were added).
 */
export function pricedLines(cart: Cart, catalogue: readonly StoreItem[]): { lines: PricedLine[]; dropped: number } {
  const bySlug = new Map(catalogue.map((item) => [item.slug, item]));
  const lines: PricedLine[] = [];
  for (const line of cart.lines) {
    const item = bySlug.get(line.slug);
    if (item) lines.push({ slug: line.slug, quantity: clamp(line.quantity, item.kind), item });
  }
  return { lines, dropped: cart.lines.length - lines.length };
}

/** The sum of the lines at the build's prices, in cents. */
export const linesTotalCents = (lines: readonly PricedLine[]): number => lines.reduce((n, l) => n + l.item.priceCents * l.quantity, 0);

/** Drops from the stored cart the lines the catalogue no longer sells, and holds memberships at 1. */
export function tidyCart(catalogue: readonly StoreItem[]): void {
  const cart = current();
  const { lines } = pricedLines(cart, catalogue);
  const tidy = lines.map(({ slug, quantity }) => ({ slug, quantity }));
  if (JSON.stringify(tidy) !== JSON.stringify(cart.lines)) save({ ...cart, lines: tidy });
}
