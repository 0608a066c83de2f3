/** Every SPEC route answers 200 or its redirect, unknown paths get the 404 screen, and internal links resolve. */
import { expect, test } from '@playwright/test';
import { adminRoutes } from '../../src/lib/admin/routes';
import { dynamicRoutes, pageRoutes, redirects, specAdminRoutes } from '../support/routes';

test.describe('routes', () => {
  test.skip(({ isMobile }) => isMobile, 'HTTP-level checks run once');

  test('every SPEC route answers 200 with a title, an H1, a description and a canonical URL', async ({ request }) => {
    for (const path of [...pageRoutes, ...dynamicRoutes]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, `${path} title`).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(html, `${path} h1`).toMatch(/<h1[^>]*>/);
      expect(html, `${path} description`).toMatch(/<meta name="description" content="[^"]{40,}"/);
      expect(html, `${path} canonical`).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+"/);
      // The first frame waits for the hero (BaseLayout's <link rel="expect">): a page without it, or with
      // two, would hold its first paint until the whole page is parsed.
      expect(html, `${path} waits for its first screen`).toContain('<link rel="expect" href="#first-screen" blocking="render">');
      expect(html.match(/ id="first-screen"/g) ?? [], `${path} has one #first-screen`).toHaveLength(1);
      expect(html.indexOf(' id="first-screen"'), `${path}: #first-screen is in <main>`).toBeGreaterThan(html.indexOf('<main'));
    }
  });

  test('every admin route answers 200 with the staff layout: titled, noindex, no public chrome, listed in its navigation', async ({ request }) => {
    const navigated = adminRoutes.map((r) => r.path);
    for (const path of specAdminRoutes.filter((p) => p !== '/admin/oauth-login')) expect(navigated, `${path} is missing from the admin navigation`).toContain(path);
    for (const path of new Set([...specAdminRoutes, ...navigated])) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(200);
      const html = await res.text();
      expect(html, `${path} title`).toMatch(/<title>[^<]{10,}<\/title>/);
      expect(html, `${path} h1`).toMatch(/<h1[^>]*>/);
      expect(html, `${path} noindex`).toContain('<meta name="robots" content="noindex, nofollow"');
      for (const publicPart of ['data-chat-launcher', 'cookie-consent', 'application/ld+json', 'googletagmanager', 'data-open-scheduler']) {
        expect(html, `${path} must not carry ${publicPart}`).not.toContain(publicPart);
      }
    }
  });

  for (const [from, to] of redirects) {
    test(`${from} answers 301 to ${to}`, async ({ request }) => {
      const res = await request.get(from, { maxRedirects: 0 });
      expect(res.status()).toBe(301);
      expect(new URL(res.headers()['location']!, 'http://x').pathname).toBe(to);
    });
  }

  test('an unknown path shows the 404 screen with status 404', async ({ page }) => {
    const res = await page.goto('/no-such-page-here');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await expect(page.getByText("The page you're looking for doesn't exist.")).toBeVisible();
  });

  test('an unknown nested path shows the 404 screen with status 404', async ({ request }) => {
    const res = await request.get('/services/nothing/here');
    expect(res.status()).toBe(404);
    expect(await res.text()).toContain('404 Page Not Found');
  });

  test('every internal link on every page resolves', async ({ request }) => {
    const seen = new Set<string>();
    const links = new Map<string, string>();
    for (const path of pageRoutes) {
      const html = await (await request.get(path)).text();
      for (const m of html.matchAll(/href="(\/[^"#?]*)[^"]*"/g)) {
        const href = m[1]!;
        if (!links.has(href)) links.set(href, path);
      }
    }
    for (const [href, from] of links) {
      if (seen.has(href)) continue;
      seen.add(href);
      const res = await request.get(href, { maxRedirects: 0 });
      expect([200, 301], `${href} (linked from ${from})`).toContain(res.status());
    }
    expect(seen.size).toBeGreaterThan(80);
  });
});
