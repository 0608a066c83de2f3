/** Every public route of SPEC §2 and its expected answer, derived from the business facts. */
import { cities, industries, memberships, products, serviceRoutes } from '../../src/business';

export const pageRoutes: string[] = [...new Set([
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
  '/store', '/shop', '/category/memberships', '/category/products', '/store/checkout/success',
  ...[...memberships, ...products].map((p) => `/store/checkout/${p.slug}`),
])];

/** SPEC §2's admin routes: staff pages (AdminLayout), not public ones. */
export const specAdminRoutes: string[] = [
  '/admin', '/admin/oauth-login', '/admin/dashboard', '/admin/success-stories', '/admin/tracking-numbers',
  '/admin/commercial-customers', '/admin/page-metadata', '/admin/products', '/admin/chatbot', '/admin/review-requests',
  '/admin/referrals', '/admin/email-templates',
];

/** Routes with a dynamic segment: any value answers 200 with the page for that capability. */
export const dynamicRoutes: string[] = ['/ref/ABC123', '/leave-review/some-token', '/email-preferences/some-token', '/referred-by/42'];

export const redirects: [from: string, to: string][] = [
  ['/toilet-repair-services', '/toilet-faucet'],
  ['/plumber-in-leander--tx524c3ae3', '/plumber-leander'],
  ['/signin', '/store'],
  ['/store/success', '/store'],
  ['/store/checkout/not-a-product', '/store'],
  ['/admin/login', '/admin/oauth-login'],
];

/** One representative URL per page type, for axe, Lighthouse and the bundle report. */
export const pageTypes: Record<string, string> = {
  home: '/',
  service: '/water-heater-services',
  city: '/plumber-austin',
  commercial: '/commercial/restaurants',
  hub: '/services',
  area: '/service-area',
  blogIndex: '/blog',
  blogPost: '/how-to-find-your-main-water-shut-off-valve',
  contact: '/contact',
  store: '/store',
  faq: '/faq',
  interim: '/customer-portal',
  tool: '/plumbing-cost-estimator',
  admin: '/admin/oauth-login',
};
