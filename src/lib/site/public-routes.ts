/**
 * Every public page route (SPEC §2) derived from the business facts: what the end-to-end tests
 * visit, and what a redirect may point at. Blog posts live in the database and are added by the server.
 */
import { cities, industries, memberships, products, serviceRoutes } from '../../business';

export const publicPageRoutes: string[] = [...new Set([
  '/',
  ...serviceRoutes.map((r) => r.path),
  '/commercial-services',
  ...industries.map((i) => `/commercial/${i.slug}`),
  '/service-area',
  ...cities.map((c) => `/service-area/${c.id}`),
  ...cities.map((c) => `/${c.route}`),
  '/referral-offer', '/contact', '/refer-a-friend', '/customer-portal', '/leave-review', '/request-review', '/unsubscribe',
  '/sms-signup', '/faq', '/privacy-policy', '/refund_returns', '/membership-benefits', '/success-stories', '/blog',
  '/schedule-appointment', '/about',
  '/store', '/shop', '/category/memberships', '/category/products', '/store/cart', '/store/checkout/cart', '/store/checkout/success',
  ...[...memberships, ...products].map((p) => `/store/checkout/${p.slug}`),
])];
