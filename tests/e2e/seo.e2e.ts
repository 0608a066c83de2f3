/** Titles and descriptions are unique, canonical URLs are right, JSON-LD parses, the sitemap holds only public primaries. */
import { expect, test } from '@playwright/test';
import { pageRoutes } from '../support/routes';
import { serviceRoutes } from '../../src/business';
import { firstPartyRating, isFirstPartySource } from '../../src/lib/reviews';
import { publishes, withPublishTurn } from '../support/publish-e2e';

const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&#39;|&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
const meta = (html: string, re: RegExp) => decode(html.match(re)?.[1] ?? '');

type Node = Record<string, any>;
/** The properties each JSON-LD type must carry for search engines to use it. */
const required: Record<string, (n: Node) => string[]> = {
  Plumber: (n) => [
    !n.name && 'name', !n.address?.streetAddress && 'address', !/^\+1\d{10}$/.test(n.telephone ?? '') && 'telephone',
    !n.openingHoursSpecification?.length && 'openingHoursSpecification', !n.geo?.latitude && 'geo', !n.areaServed?.length && 'areaServed',
  ].filter(Boolean) as string[],
  WebSite: (n) => [!n.name && 'name', !n.url && 'url'].filter(Boolean) as string[],
  BreadcrumbList: (n) => (n.itemListElement?.length >= 2 && n.itemListElement.every((i: Node, k: number) => i.position === k + 1 && i.name && /^https?:/.test(i.item)) ? [] : ['itemListElement']),
  Service: (n) => [!n.name && 'name', !n.provider && 'provider', !n.areaServed?.length && 'areaServed'].filter(Boolean) as string[],
  FAQPage: (n) => (n.mainEntity?.length && n.mainEntity.every((q: Node) => q.name && q.acceptedAnswer?.text) ? [] : ['mainEntity']),
  BlogPosting: (n) => [!n.headline && 'headline', !n.datePublished && 'datePublished', !n.author && 'author', !n.publisher && 'publisher', !n.image && 'image'].filter(Boolean) as string[],
  Review: (n) => [
    !(n.reviewRating?.ratingValue >= 1 && n.reviewRating?.ratingValue <= 5) && 'reviewRating', !n.author?.name && 'author', !n.reviewBody && 'reviewBody',
    !/^\d{4}-\d{2}-\d{2}/.test(n.datePublished ?? '') && 'datePublished', !n.itemReviewed?.name && 'itemReviewed',
  ].filter(Boolean) as string[],
  Product: (n) => [
    !n.name && 'name',
    !(n.offers?.priceCurrency === 'USD' && Number(n.offers?.price) > 0 && /^https?:/.test(n.offers?.url ?? '')) && 'offers',
  ].filter(Boolean) as string[],
  AggregateRating: (n) => [!(n.ratingValue >= 1 && n.ratingValue <= 5) && 'ratingValue', !(n.reviewCount >= 1) && 'reviewCount', !n.itemReviewed?.name && 'itemReviewed'].filter(Boolean) as string[],
};

test.describe('search visibility', publishes, () => {

  test('indexable pages have unique titles and descriptions and parseable JSON-LD', async ({ request }) => {
    test.setTimeout(900_000);
    // Ratings and Review markup must come from the database (DESIGN §7): what GET /api/reviews serves
    // (every stored review with text, up to 50, enough for the local data) is the reference.
    await withPublishTurn(async () => {
      // Another spec's publish changes both; inside the publishing turn the build stays put, and GET
      // /api/reviews, which may reuse an answer for a minute (reviewsMemoSeconds), is read until it agrees.
      const homeRating = async () => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(await (await request.get('/')).text())![1]!)['@graph'].find((n: Node) => n['@type'] === 'AggregateRating');
      const readStored = async (): Promise<{ rating: number; source: string; text: string }[]> => (await request.get('/api/reviews')).json();
      let stored = await readStored();
      for (let tries = 0; tries < 18; tries++) {
        const home = await homeRating();
        const computed = firstPartyRating(stored) ?? null;
        if (JSON.stringify(home ? { ratingValue: home.ratingValue, reviewCount: home.reviewCount } : null) === JSON.stringify(computed)) break;
        await new Promise((resolve) => setTimeout(resolve, 5000));
        stored = await readStored();
      }
      const firstPartyTexts = new Set(stored.filter((r) => isFirstPartySource(r.source)).map((r) => r.text));
      const computed = firstPartyRating(stored);
      const titles = new Map<string, string>();
      const descriptions = new Map<string, string>();
      for (const path of pageRoutes) {
        const html = await (await request.get(path)).text();
        const canonical = meta(html, /<link rel="canonical" href="([^"]+)"/);
        const ld = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
        expect(ld.length, `${path} JSON-LD`).toBe(1);
        const doc = JSON.parse(ld[0]![1]!);
        expect(doc['@context']).toBe('https://schema.org');
        const nodes: Node[] = doc['@graph'];
        const types = nodes.map((n) => n['@type']);
        for (const n of nodes) {
          const check = required[n['@type']];
          expect(check, `${path}: unexpected JSON-LD type ${n['@type']}`).toBeDefined();
          expect(check!(n), `${path}: ${n['@type']} is missing`).toEqual([]);
        }
        expect(types, path).toContain('WebSite');
        expect(types, path).toContain('Plumber');
        if (path !== '/') expect(types, `${path} breadcrumbs`).toContain('BreadcrumbList');
        if (/<details/.test(html)) expect(types, `${path} FAQ`).toContain('FAQPage');
        expect(JSON.stringify(nodes), `${path} must not hard-code a rating into a business node`).not.toContain('"aggregateRating"');
        for (const rating of nodes.filter((n) => n['@type'] === 'AggregateRating')) {
          expect({ ratingValue: rating.ratingValue, reviewCount: rating.reviewCount }, `${path}: a rating must equal the stored first-party reviews`).toEqual(computed);
        }
        for (const review of nodes.filter((n) => n['@type'] === 'Review')) {
          expect(firstPartyTexts.has(review.reviewBody), `${path}: Review markup only for stored first-party reviews`).toBe(true);
        }
        if (path === '/' && computed) expect(types, 'home carries the computed rating').toContain('AggregateRating');
        const noindex = html.includes('name="robots" content="noindex');
        if (noindex || new URL(canonical).pathname !== path) continue;
        const title = meta(html, /<title>([^<]+)<\/title>/);
        const description = meta(html, /<meta name="description" content="([^"]+)"/);
        expect(titles.get(title), `${path} shares its title with ${titles.get(title)}`).toBeUndefined();
        expect(descriptions.get(description), `${path} shares its description with ${descriptions.get(description)}`).toBeUndefined();
        titles.set(title, path);
        descriptions.set(description, path);
        expect(title.length, `${path} title length`).toBeLessThanOrEqual(65);
      }
      expect(titles.size).toBeGreaterThan(50);
    });
  });

  test('service pages carry Service markup and blog posts BlogPosting', async ({ request }) => {
    const types = async (path: string) => JSON.parse((await (await request.get(path)).text()).match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!)['@graph'].map((n: Node) => n['@type']);
    expect(await types('/water-heater-services')).toEqual(expect.arrayContaining(['Service', 'FAQPage', 'BreadcrumbList']));
    expect(await types('/how-to-find-your-main-water-shut-off-valve')).toContain('BlogPosting');
  });

  test('secondary duplicate routes name their primary as canonical', async ({ request }) => {
    for (const r of serviceRoutes.filter((x) => !x.primary)) {
      const html = await (await request.get(r.path)).text();
      expect(new URL(meta(html, /<link rel="canonical" href="([^"]+)"/)).pathname).toBe(r.canonicalPath);
    }
  });

  test('the sitemap lists public primary pages only', async ({ request }) => {
    const index = await (await request.get('/sitemap-index.xml')).text();
    const first = index.match(/<loc>([^<]+)<\/loc>/)![1]!;
    const xml = await (await request.get(new URL(first).pathname)).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(paths).toContain('/plumber-austin');
    expect(paths).toContain('/drain-cleaning');
    for (const bad of ['/admin', '/customer-portal', '/referral-offer', '/store/checkout/success', '/drain-cleaning-services', '/emergency-plumbing', '/404', '/service-area/austin']) {
      expect(paths, bad).not.toContain(bad);
    }
  });

  test('robots.txt and the RSS feed are served', async ({ request }) => {
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:');
    const rss = await (await request.get('/rss.xml')).text();
    expect(rss).toContain('<rss version="2.0"');
    expect((rss.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(6);
  });
});
