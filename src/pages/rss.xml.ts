/** /rss.xml: the blog feed (RSS 2.0), built from the published posts. */
import type { APIRoute } from 'astro';
import { loadPublishedPosts } from '../server/blog/published-posts';
import { describePost } from '../lib/blog';
import { company } from '../business';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export const GET: APIRoute = async ({ site }) => {
  const base = (site ?? new URL('https://www.plumbersthatcare.com')).toString().replace(/\/$/, '');
  const posts = await loadPublishedPosts();
  const items = posts.map((p) => `    <item>
      <title>${escapeXml(p.title)}</title>
      <link>${base}/${p.slug}</link>
      <guid isPermaLink="true">${base}/${p.slug}</guid>
      <pubDate>${new Date(p.publishDate).toUTCString()}</pubDate>
      <category>${escapeXml(p.category)}</category>
      <description>${escapeXml(describePost(p))}</description>
    </item>`).join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(company.name)} blog</title>
    <link>${base}/blog</link>
    <atom:link href="${base}/rss.xml" rel="self" type="application/rss+xml" />
    <description>Plumbing advice for Austin and Highland Lakes homeowners.</description>
    <language>en-us</language>
${items}
  </channel>
</rss>
`;
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
