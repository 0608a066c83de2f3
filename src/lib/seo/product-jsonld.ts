/**
 * Product and Offer markup for the store's catalogue (the products table at build time). The
 * price is the build's; the offer is sold by the company and points at the item's checkout page.
 */
import type { Product } from 'schema-dts';
import { company } from '../../business';
import { termLabel, type StoreItem } from '../store/catalogue';

export function productLd(site: string, item: StoreItem): Product {
  const base = site.replace(/\/$/, '');
  const summary = item.description || [item.termMonths ? `${termLabel(item.termMonths)} membership` : '', ...item.features].filter(Boolean).join('. ');
  return {
    '@type': 'Product',
    '@id': `${base}/store#${item.slug}`,
    name: item.name,
    ...(summary ? { description: summary } : {}),
    sku: item.slug,
    category: item.kind === 'membership' ? 'Plumbing maintenance membership' : 'Plumbing product',
    ...(item.image ? { image: `${base}${item.image}` } : {}),
    brand: { '@type': 'Brand', name: company.name },
    offers: {
      '@type': 'Offer',
      url: `${base}/store/checkout/${item.slug}`,
      price: (item.priceCents / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Organization', name: company.name, url: base },
    },
  };
}
