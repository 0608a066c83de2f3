/** Which built pages belong in sitemap.xml: public primary pages only — no duplicates, no private areas. */
import { serviceRoutes } from '../../business';

const privatePrefixes = ['/admin', '/customer-portal', '/store/checkout', '/email-preferences', '/unsubscribe', '/404'];
/** Interim pages (noindex until their capability is online): keep in step with src/pages. */
const interimPaths = ['/refer-a-friend', '/referral-offer', '/leave-review', '/request-review', '/sms-signup'];
/** Routes that show another page's content and name it as canonical. */
const secondaryPaths = new Set([...serviceRoutes.filter((r) => !r.primary).map((r) => r.path), '/shop', '/category/memberships', '/category/products']);
const secondaryPrefixes = ['/service-area/'];

export function sitemapFilter(page: string): boolean {
  const path = new URL(page).pathname.replace(/\/$/, '') || '/';
  if ([...privatePrefixes, ...interimPaths].some((p) => path === p || path.startsWith(`${p}/`))) return false;
  if (secondaryPaths.has(path) || secondaryPrefixes.some((p) => path.startsWith(p))) return false;
  return true;
}
