import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { sitemapFilter } from './sitemap-filter';

const pagesDir = fileURLToPath(new URL('../../pages/', import.meta.url));

const site = 'https://www.example.com';
describe('sitemapFilter', () => {
  test('keeps public primary pages', () => {
    for (const p of ['/', '/drain-cleaning', '/plumber-austin', '/commercial/retail', '/service-area', '/blog']) expect(sitemapFilter(`${site}${p}`), p).toBe(true);
  });
  test('drops duplicates, private areas and the 404 page', () => {
    for (const p of ['/drain-cleaning-services', '/emergency-plumbing', '/shop', '/category/products', '/service-area/kyle', '/admin', '/admin/products', '/customer-portal', '/store/checkout/rental-vip', '/store/cart', '/store/checkout/cart', '/404']) expect(sitemapFilter(`${site}${p}`), p).toBe(false);
  });
  test('keeps the public pages that are built now, such as the text sign-up and refer-a-friend', () => {
    for (const p of ['/sms-signup', '/refer-a-friend', '/membership-benefits', '/store']) expect(sitemapFilter(`${site}${p}`), p).toBe(true);
  });
  test('drops the pages people reach from a link sent to them, and the preference pages', () => {
    for (const p of ['/referral-offer', '/leave-review', '/leave-review/abc123', '/request-review', '/email-preferences/abc123', '/unsubscribe']) expect(sitemapFilter(`${site}${p}`), p).toBe(false);
  });
  test('drops every page in src/pages marked noindex', () => {
    const noindex = (readdirSync(pagesDir, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.astro') && !f.includes('['))
      .filter((f) => /\bnoindex\b/.test(readFileSync(`${pagesDir}${f}`, 'utf8')))
      .map((f) => `/${f.replace(/\\/g, '/').replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/');
    expect(noindex).toContain('/leave-review');
    for (const p of noindex) expect(sitemapFilter(`${site}${p}`), p).toBe(false);
  });
});
