/** /robots.txt: everything public is crawlable; private areas are not; points at the sitemap. */
import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ site }) => {
  const base = (site ?? new URL('https://www.plumbersthatcare.com')).toString().replace(/\/$/, '');
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /customer-portal', 'Disallow: /store/checkout/', '', `Sitemap: ${base}/sitemap-index.xml`, ''].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
