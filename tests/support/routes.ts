/** Every public route of SPEC §2 and its expected answer, derived from the business facts. */
import { publicPageRoutes } from '../../src/lib/site/public-routes';

export const pageRoutes: string[] = publicPageRoutes;

/** SPEC §2's admin routes: staff pages (AdminLayout), not public ones. */
export const specAdminRoutes: string[] = [
  '/admin', '/admin/oauth-login', '/admin/dashboard', '/admin/success-stories', '/admin/tracking-numbers',
  '/admin/commercial-customers', '/admin/page-metadata', '/admin/products', '/admin/chatbot', '/admin/review-requests',
  '/admin/referrals', '/admin/email-templates',
];

/**
 * Routes with a dynamic segment: any value answers 200 with the page for that capability. The referral
 * links (/ref/{code}, /referred-by/{id}) answer 302 to /referral-offer instead, after recording the
 * click: tests/e2e/referrals.e2e.ts and tests/api/referrals.test.ts check them.
 */
export const dynamicRoutes: string[] = ['/leave-review/some-token', '/email-preferences/some-token'];

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
  successStories: '/success-stories',
  contact: '/contact',
  store: '/store',
  checkout: '/store/checkout/silver-vip-tank',
  faq: '/faq',
  smsSignup: '/sms-signup',
  portal: '/customer-portal',
  tool: '/plumbing-cost-estimator',
  admin: '/admin/oauth-login',
};
