/**
 * A blog post lives at /{slug}, beside the service, city and other pages, so its slug must not be
 * the first part of any address the site already answers: a page, a folder of pages, a file, or a
 * redirect written in netlify.toml. Staff redirects (a database table) are checked by the service.
 */
import { publicPageRoutes } from './public-routes';

/** First path segments the site uses beyond the public pages (checked against src/pages, public/ and netlify.toml by a test). */
export const reservedSegments = [
  'admin', 'api', 'blog', 'images', 'og', '_astro', '.netlify', '404', 'rss', 'sitemap', 'robots',
  'store', 'category', 'commercial', 'service-area', 'email-preferences', 'ref', 'referred-by', 'leave-review',
  'signin', 'toilet-repair-services', 'plumber-in-leander--tx524c3ae3',
] as const;

const taken: ReadonlySet<string> = new Set([
  ...publicPageRoutes.map((route) => route.split('/')[1]!).filter(Boolean),
  ...reservedSegments,
]);

/** Why a post cannot have `slug`, or undefined when /{slug} is free of the site's own addresses. */
export function postSlugProblem(slug: string): string | undefined {
  if (taken.has(slug)) return `The address /${slug} is already a page or part of the site's addresses. Choose another slug, for example by adding a word.`;
  return undefined;
}
