/**
 * The cart page's island: the lines with their build-time prices, quantity (a product 1–10, a
 * membership always 1), remove, the total (confirmed at checkout), and "Check out". A visit to
 * /store/cart?add=slug (the store's Add to cart without JavaScript) adds that item first.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { MAX_PRODUCT_QUANTITY } from '../../lib/store/cart';
import { CART_CHANGE_EVENT } from '../../lib/store/cart-key';
import { formatCents, termLabel, type StoreItem } from '../../lib/store/catalogue';
import { $cart, addToCart, linesTotalCents, loadCart, pricedLines, removeFromCart, setQuantity, tidyCart } from './cart.store';

interface Props {
  catalogue: StoreItem[];
}

const changed = () => window.dispatchEvent(new CustomEvent(CART_CHANGE_EVENT));

export default function CartView({ catalogue }: Props) {
  const cart = useStore($cart);
  const [ready, setReady] = useState(false);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    loadCart();
    const params = new URLSearchParams(window.location.search);
    const add = catalogue.find((item) => item.slug === params.get('add'));
    if (add) {
      addToCart(add.slug, add.kind);
      setNotice(`${add.name} is in your cart.`);
      window.history.replaceState(null, '', window.location.pathname);
    }
    const { dropped } = pricedLines($cart.get(), catalogue);
    if (dropped > 0) setNotice(dropped === 1 ? 'One item is no longer sold and was taken out of your cart.' : `${dropped} items are no longer sold and were taken out of your cart.`);
    tidyCart(catalogue);
    changed();
    setReady(true);
  }, [catalogue]);

  if (!ready) return <p className="text-muted" data-cart-loading>Opening your cart…</p>;

  const { lines } = pricedLines(cart, catalogue);
  const total = linesTotalCents(lines);
  const remove = (slug: string, name: string) => {
    removeFromCart(slug);
    setNotice(`${name} was removed from your cart.`);
    changed();
    document.getElementById('cart-heading')?.focus();
  };

  return (
    <div data-cart>
      <p role="status" className="mb-4 min-h-6 font-semibold text-brand-800">{notice}</p>
      {lines.length === 0 ? (
        <div className="card p-6" data-cart-empty>
          <h2 id="cart-heading" tabIndex={-1} className="text-xl font-bold">Your cart is empty</h2>
          <p className="mt-2 text-muted">Choose a membership or product in the store.</p>
          <a href="/store" className="btn btn-primary mt-5">Go to the store</a>
        </div>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_20rem] lg:items-start">
          <section aria-labelledby="cart-heading">
            <h2 id="cart-heading" tabIndex={-1} className="text-xl font-bold">Items in your cart</h2>
            <ul className="mt-4 divide-y divide-line border-y border-line">
              {lines.map(({ slug, quantity, item }) => (
                <li key={slug} className="grid gap-3 py-5 sm:grid-cols-[1fr_auto] sm:items-center" data-cart-line={slug}>
                  <div>
                    <p className="font-bold">{item.name}</p>
                    <p className="text-sm text-muted">
                      {formatCents(item.priceCents)} {item.kind === 'membership' ? `membership for ${termLabel(item.termMonths ?? 12)}; covers one address` : 'each'}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    {item.kind === 'product' ? (
                      <label className="flex items-center gap-2 text-sm font-semibold">
                        Quantity
                        <select
                          className="rounded-lg border border-muted bg-white px-2 py-2 text-base"
                          value={quantity}
                          onChange={(e) => { setQuantity(slug, Number(e.target.value), 'product'); changed(); }}
                          aria-label={`Quantity of ${item.name}`}
                        >
                          {Array.from({ length: MAX_PRODUCT_QUANTITY }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
                        </select>
                      </label>
                    ) : (
                      <p className="text-sm text-muted">Quantity 1</p>
                    )}
                    <p className="w-24 text-right font-bold" data-line-total>{formatCents(item.priceCents * quantity)}</p>
                    <button type="button" className="btn btn-outline px-3 py-2 text-sm" onClick={() => remove(slug, item.name)}>
                      Remove<span className="sr-only"> {item.name}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <a href="/store" className="mt-4 inline-block underline underline-offset-2">Keep shopping</a>
          </section>
          <aside aria-labelledby="summary-heading" className="card p-6">
            <h2 id="summary-heading" className="text-lg font-bold">Order summary</h2>
            <p className="mt-3 flex justify-between text-lg font-extrabold"><span>Total</span><span data-cart-total>{formatCents(total)}</span></p>
            <p className="mt-2 text-sm text-muted">At today's prices. The price is confirmed at checkout, before you pay.</p>
            <a href="/store/checkout/cart" className="btn btn-primary mt-5 w-full">Check out</a>
          </aside>
        </div>
      )}
    </div>
  );
}
