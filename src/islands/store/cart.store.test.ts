import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, MAX_CART_LINES } from '../../lib/store/cart';
import type { StoreItem } from '../../lib/store/catalogue';
import { $cart, addToCart, cartCount, clearCart, linesTotalCents, loadCart, pricedLines, removeFromCart, setQuantity, tidyCart } from './cart.store';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [[CART_STORAGE_KEY, initial]]);
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const item = (slug: string, kind: StoreItem['kind'], priceCents: number): StoreItem => ({
  slug, kind, name: slug, description: '', features: [], priceCents, termMonths: kind === 'membership' ? 12 : null, propertyType: 'residential', image: null,
});
const catalogue = [item('silver-vip-tank', 'membership', 13925), item('drain-care', 'product', 2953)];

describe('the cart store', () => {
  it('starts empty and writes nothing until something is added', () => {
    const storage = memoryStorage();
    expect(loadCart(storage).lines).toEqual([]);
    expect(storage.data.size).toBe(0);
  });

  it('keeps a membership at one and a product up to ten, and persists every change', () => {
    const storage = memoryStorage();
    loadCart(storage);
    expect(addToCart('silver-vip-tank', 'membership')).toBe('added');
    expect(addToCart('silver-vip-tank', 'membership')).toBe('already');
    for (let i = 0; i < 12; i += 1) addToCart('drain-care', 'product');
    expect($cart.get().lines).toEqual([{ slug: 'silver-vip-tank', quantity: 1 }, { slug: 'drain-care', quantity: 10 }]);
    expect(addToCart('drain-care', 'product')).toBe('already');
    expect(cartCount($cart.get())).toBe(11);
    expect(JSON.parse(storage.data.get(CART_STORAGE_KEY)!)).toEqual({ version: 1, lines: $cart.get().lines });

    setQuantity('drain-care', 3, 'product');
    setQuantity('silver-vip-tank', 4, 'membership');
    setQuantity('drain-care', 0, 'product');
    expect($cart.get().lines).toEqual([{ slug: 'silver-vip-tank', quantity: 1 }, { slug: 'drain-care', quantity: 1 }]);
    removeFromCart('silver-vip-tank');
    expect($cart.get().lines).toEqual([{ slug: 'drain-care', quantity: 1 }]);
    clearCart();
    expect(storage.data.has(CART_STORAGE_KEY)).toBe(false);
  });

  it('survives a reload: a new page reads the same cart back', () => {
    const storage = memoryStorage();
    loadCart(storage);
    addToCart('drain-care', 'product');
    addToCart('drain-care', 'product');
    $cart.set({ version: 1, lines: [] });
    expect(loadCart(memoryStorage(storage.data.get(CART_STORAGE_KEY))).lines).toEqual([{ slug: 'drain-care', quantity: 2 }]);
  });

  it.each([
    ['not JSON', '{lines:'],
    ['another version', JSON.stringify({ version: 2, lines: [{ slug: 'drain-care', quantity: 1 }] })],
    ['a price smuggled in', JSON.stringify({ version: 1, lines: [{ slug: 'drain-care', quantity: 1, price: 1 }] }).replace('"price":1', '"quantity":99')],
    ['a bad slug', JSON.stringify({ version: 1, lines: [{ slug: '<script>', quantity: 1 }] })],
    ['too many lines', JSON.stringify({ version: 1, lines: Array.from({ length: MAX_CART_LINES + 1 }, (_, i) => ({ slug: `p${i}`, quantity: 1 })) })],
  ])('discards a stored cart with %s', (_what, stored) => {
    const storage = memoryStorage(stored);
    expect(loadCart(storage).lines).toEqual([]);
    expect(storage.data.has(CART_STORAGE_KEY)).toBe(false);
  });

  it('refuses a line past the twentieth', () => {
    loadCart(memoryStorage(JSON.stringify({ version: 1, lines: Array.from({ length: MAX_CART_LINES }, (_, i) => ({ slug: `p${i}`, quantity: 1 })) })));
    expect(addToCart('drain-care', 'product')).toBe('full');
    expect($cart.get().lines).toHaveLength(MAX_CART_LINES);
  });

  it('prices lines from the catalogue, drops what is no longer sold and holds memberships at one', () => {
    const storage = memoryStorage(JSON.stringify({ version: 1, lines: [{ slug: 'silver-vip-tank', quantity: 3 }, { slug: 'gone', quantity: 1 }, { slug: 'drain-care', quantity: 2 }] }));
    const cart = loadCart(storage);
    const { lines, dropped } = pricedLines(cart, catalogue);
    expect(dropped).toBe(1);
    expect(lines.map((l) => [l.slug, l.quantity])).toEqual([['silver-vip-tank', 1], ['drain-care', 2]]);
    expect(linesTotalCents(lines)).toBe(13925 + 2 * 2953);
    tidyCart(catalogue);
    expect(JSON.parse(storage.data.get(CART_STORAGE_KEY)!).lines).toEqual([{ slug: 'silver-vip-tank', quantity: 1 }, { slug: 'drain-care', quantity: 2 }]);
  });
});
