/** Which built pages belong in sitemap.xml: public primary pages only — no duplicates, no private areas. */
import { serviceRoutes } from '../../business';

const privatePrefixes = ['/admin', '/customer-portal', '/store/cart', '/store/checkout', '/email-preferences', '/unsubscribe', '/404'];
/**
 * Public pages marked noindex because people reach them from a link sent to them (a referral link, a
 * review request's email), not from search. Every noindex page in src/pages is out of the sitemap
 * (sitemap-filter.test.ts checks it).
 */
const linkOnlyPaths = ['/referral-offer', '/leave-review', '/request-review'];
/** Routes that show another page's content and name it as canonical. */
const secondaryPaths = new Set([...serviceRoutes.filter((r) => !r.primary).map((r) => r.path), '/shop', '/category/memberships', '/category/products']);
const secondaryPrefixes = ['/service-area/'];

export function sitemapFilter(page: string): boolean {
  const path = new URL(page).pathname.replace(/\/$/, '') || '/';
  if ([...privatePrefixes, ...linkOnlyPaths].some((p) => path === p || path.startsWith(`${p}/`))) return false;
  if (secondaryPaths.has(path) || secondaryPrefixes.some((p) => path.startsWith(p))) return false;
  return true;
}
