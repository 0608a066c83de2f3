/**
 * Staff-facing records made by ordinary visits, checked in the database the served functions use:
 * the 404 screen reports a missing address once per view, and a page-metadata override saved after
 * the build reaches the visitor's browser. Runs its own copy of the site (the built dist/, the real
 * functions) on a fresh PostgreSQL schema, so the test can read and write that database.
 */
import { expect, test } from '@playwright/test';
import { withScriptDb } from '../../scripts/lib/database-for-scripts';
import type { RunningSite } from '../../scripts/serve';
import { findNotFoundHit } from '../../src/server/repositories/not-found-hit.repository';
import { savePageMetadataOverride } from '../../src/server/services/page-metadata.service';
import { startTestSiteOnPostgres } from '../support/test-site';

// Request logs of the site below would drown the test output; warnings and errors still show.
process.env.LOG_LEVEL ??= 'warn';

// One copy of the site per project: these tests run in order in one worker.
test.describe.configure({ mode: 'default' });

let site: RunningSite;
let stop: () => Promise<void>;
const overrides = Object.fromEntries(['/faq', '/about'].map((path) => [path, {
  title: `Override title for ${path}`, description: `Override description for ${path}.`, canonical: `${path}-canonical`,
}]));

test.beforeAll(async () => {
  ({ site, stop } = await startTestSiteOnPostgres());
  // Saved before any request: a function instance keeps the overrides it read for 30 s.
  await withScriptDb(site.database, async (db) => {
    for (const [path, override] of Object.entries(overrides)) await savePageMetadataOverride(db, path, override);
  });
});
test.afterAll(async () => {
  await stop?.();
});

test('the 404 screen records one hit per view of a missing address, with its query and referrer', async ({ page, isMobile }) => {
  const path = `/no-such-page-${isMobile ? 'mobile' : 'desktop'}`;
  const reports: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/track-404')) reports.push(r.postData() ?? '');
  });

  const recorded = page.waitForResponse((r) => r.url().endsWith('/api/track-404'));
  const response = await page.goto(`${site.url}${path}?from=old-link`, { referer: 'https://www.example.org/links?secret=1' });
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  expect((await recorded).status()).toBe(200);
  expect(reports).toHaveLength(1);
  expect(JSON.parse(reports[0]!)).toEqual({ requestedUrl: `${path}?from=old-link`, referrer: 'https://www.example.org/links?secret=1' });
  expect(await withScriptDb(site.database, (db) => findNotFoundHit(db, path))).toMatchObject({
    hits: 1, last_requested_url: `${path}?from=old-link`, last_referrer: 'https://www.example.org/links',
  });

  const again = page.waitForResponse((r) => r.url().endsWith('/api/track-404'));
  await page.reload();
  await again;
  await page.waitForTimeout(1000);
  expect(reports).toHaveLength(2);
  expect((await withScriptDb(site.database, (db) => findNotFoundHit(db, path)))?.hits).toBe(2);
});

test('a failed 404 report is only logged in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.route('**/api/track-404', (route) => route.abort('connectionrefused'));
  await page.goto(`${site.url}/another-missing-page`);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect.poll(() => errors.some((e) => e.includes('[404 tracking]'))).toBe(true);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a page-metadata override saved after the build reaches the browser', async ({ page, isMobile }) => {
  const path = isMobile ? '/faq' : '/about';
  const override = overrides[path]!;

  const html = await (await page.request.get(`${site.url}${path}`)).text();
  expect(html, 'the built page does not carry the new override yet').not.toContain(override.title);

  await page.goto(`${site.url}${path}`);
  await expect(page).toHaveTitle(override.title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', override.description);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', override.title);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toBe(override.canonical);
  expect(new URL(canonical!).origin).not.toBe(new URL(site.url).origin);
});

test('a page without an override keeps its own title, and a failing metadata call changes nothing', async ({ page }) => {
  await page.route('**/api/page-metadata**', (route) => route.fulfill({ status: 500, body: 'down' }));
  const asked = page.waitForResponse('**/api/page-metadata**');
  await page.goto(`${site.url}/contact`);
  const title = await page.title();
  await asked;
  await page.waitForTimeout(500);
  expect(await page.title()).toBe(title);
  expect(title).toMatch(/Contact/);
});
