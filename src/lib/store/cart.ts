/**
 * The store's cart as the browser keeps it (localStorage, CART_STORAGE_KEY): slugs and quantities
 * only. Prices are never kept here; the server reads every price from the products table.
 * A stored value that fails the schema is discarded and the cart starts empty.
 */
import { z } from 'zod';

export { CART_STORAGE_KEY } from './cart-key';
export const MAX_CART_LINES = 20;
export const MAX_PRODUCT_QUANTITY = 10;

export const cartLineSchema = z.object({
  slug: z.string().max(80).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  /** A membership covers one address, so its line is always 1; a product may be 1–10. */
  quantity: z.number().int().min(1).max(MAX_PRODUCT_QUANTITY),
});

export const cartSchema = z.object({
  version: z.literal(1),
  lines: z.array(cartLineSchema).max(MAX_CART_LINES),
});

export type CartLine = z.infer<typeof cartLineSchema>;
export type Cart = z.infer<typeof cartSchema>;

export const emptyCart = (): Cart => ({ version: 1, lines: [] });

/** The stored text as a cart; anything missing, unparsable or off-schema is an empty cart. */
export function decodeCart(stored: string | null | undefined): Cart {
  if (!stored) return emptyCart();
  try {
    const parsed = cartSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : emptyCart();
  } catch {
    return emptyCart();
  }
}

export function encodeCart(cart: Cart): string {
  return JSON.stringify(cartSchema.parse(cart));
}
