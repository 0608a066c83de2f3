/** /admin/products: the catalogue, its sort, and the changes (words, order, price, term, sale state). */
import { atom } from 'nanostores';
import {
  adminProductCreateContract, adminProductListContract, adminProductOrderContract, adminProductPricingContract, adminProductUpdateContract, formatCents, type ProductRow,
} from '../../lib/api/admin/products.contract';
import { callContract } from '../../lib/api/client';
import type { RequestInputOf } from '../../lib/api/contract';
import { handleAdminError } from './session.store';

export type ProductSort = 'order' | 'name' | 'price';

export const $products = atom<{ status: 'loading' | 'ready' | 'error'; rows: ProductRow[]; message: string }>({ status: 'loading', rows: [], message: '' });
export const $productSort = atom<ProductSort>('order');
/** The outcome of the last change, read out by a live region. */
export const $productNotice = atom<{ tone: 'info' | 'error'; text: string }>({ tone: 'info', text: '' });

export async function loadProducts(): Promise<void> {
  try {
    const { products } = await callContract(adminProductListContract, { sort: $productSort.get() });
    $products.set({ status: 'ready', rows: products, message: '' });
  } catch (error) {
    $products.set({ ...$products.get(), status: 'error', message: handleAdminError(error) });
  }
}

export function setProductSort(sort: ProductSort): void {
  $productSort.set(sort);
  void loadProducts();
}

const published = 'The store shows it after the next publish.';

/** Runs a change; on success reloads and announces `done`, on failure announces why. Returns the error text, or undefined. */
async function change(run: () => Promise<ProductRow | unknown>, done: () => string): Promise<string | undefined> {
  try {
    await run();
    $productNotice.set({ tone: 'info', text: done() });
    await loadProducts();
    return undefined;
  } catch (error) {
    const text = handleAdminError(error);
    $productNotice.set({ tone: 'error', text });
    return text;
  }
}

export const saveProductText = (product: ProductRow, input: RequestInputOf<typeof adminProductUpdateContract>) =>
  change(() => callContract(adminProductUpdateContract, input, undefined, { id: product.id }), () => `Saved ${input.name}. ${published}`);

export const saveProductPricing = (product: ProductRow, input: RequestInputOf<typeof adminProductPricingContract>) =>
  change(async () => {
    const saved = await callContract(adminProductPricingContract, input, undefined, { id: product.id });
    return saved;
  }, () => (input.active === undefined ? `${product.name} now costs the price you entered. ${published}` : input.active ? `${product.name} is on sale again. ${published}` : `${product.name} is off sale. ${published}`));

export const createProduct = (input: RequestInputOf<typeof adminProductCreateContract>) =>
  change(() => callContract(adminProductCreateContract, input), () => `Added ${input.name}. ${published}`);

/** Moves a product one place up or down in the store's order. */
export function moveProduct(product: ProductRow, by: -1 | 1): Promise<string | undefined> {
  const ids = [...$products.get().rows].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id).map((p) => p.id);
  const from = ids.indexOf(product.id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return Promise.resolve(undefined);
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return change(() => callContract(adminProductOrderContract, { ids }), () => `${product.name} moved ${by < 0 ? 'up' : 'down'}. ${published}`);
}

export { formatCents };
