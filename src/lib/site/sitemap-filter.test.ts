import { describe, expect, test } from 'vitest';
import { sitemapFilter } from './sitemap-filter';

const site = 'https://www.example.com';
describe('sitemapFilter', () => {
  test('keeps public primary pages', () => {
    for (const p of ['/', '/drain-cleaning', '/plumber-austin', '/commercial/retail', '/service-area', '/blog']) expect(sitemapFilter(`${site}${p}`), p).toBe(true);
  });
  test('drops duplicates, private areas and the 404 page', () => {
    for (const p of ['/drain-cleaning-services', '/emergency-plumbing', '/shop', '/category/products', '/service-area/kyle', '/admin', '/admin/products', '/customer-portal', '/store/checkout/rental-vip', '/404']) expect(sitemapFilter(`${site}${p}`), p).toBe(false);
  });
});
