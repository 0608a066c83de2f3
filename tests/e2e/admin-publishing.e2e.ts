/**
 * The 404 log, redirects and publishing in a real browser against the served build: a visit to a
 * missing address shows up in the log with a suggested page, one click makes the redirect, Publish
 * now rebuilds the site in the background (the site keeps answering meanwhile), and afterwards the
 * address answers 301 to the page. axe finds nothing on the new screens at 1280 and 390 px.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, newStaffEmail, signInWithAdminLink } from '../support/admin-e2e';
import { publishNow, publishes, waitForBuild, withPublishTurn } from '../support/publish-e2e';
import { e2eDb } from '../support/e2e-db';

test('a missing address is redirected from the 404 log, and after Publish now it answers 301', publishes, async ({ page, baseURL, request }) => {
  // One real rebuild in the suite is enough: the phone layout is checked by the axe test below.
  test.setTimeout(900_000);
  const missing = `/drain-cleening-${Math.random().toString(36).slice(2, 7)}`;

  await page.goto(missing);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

  await signInWithAdminLink(page, await newStaffEmail('owner'), baseURL!);
  // The redirect waits for this spec's own build: no other spec builds meanwhile.
  await withPublishTurn(async () => {
    await page.goto('/admin/not-found');
    await page.getByLabel('Search paths').fill(missing);
    const row = page.getByRole('row').filter({ hasText: missing });
    // The 404 screen reports the visit after it loads: search until the report is stored.
    await expect(async () => {
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(row).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expectNoAxeViolations(page);

    await row.getByRole('button', { name: `Redirect ${missing} to /drain-cleaning`, exact: true }).click();
    await expect(row.getByText('Redirects to /drain-cleaning')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: `${missing} now redirects to /drain-cleaning` })).toBeVisible();
    await expect(page.getByText(/change(s)? waits? for the next build/)).toBeVisible();

    const buildId = await publishNow(page);

    // The site keeps answering while it builds.
    const during = await request.get('/');
    expect(during.status()).toBe(200);

    await waitForBuild(page, buildId);
    await expect(page.getByRole('region', { name: 'Publishing' }).getByText(`Redirect ${missing} → /drain-cleaning`).locator('..')).toContainText('Live');

    const answer = await request.get(missing, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe('/drain-cleaning');
    // The new build's inline-script hashes are what the server now sends (not the old build's).
    const home = await request.get('/');
    expect(home.status()).toBe(200);
    const policy = home.headers()['content-security-policy']!;
    expect(await readFile('dist/_headers', 'utf8')).toContain(policy);
  });
});

test('the 404s and redirects screen and the site health screen pass axe', async ({ page, baseURL }) => {
  await signInWithAdminLink(page, await newStaffEmail('owner'), baseURL!);
  await page.goto('/admin/not-found');
  await expect(page.getByRole('heading', { name: 'Missing pages visitors asked for' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Redirects', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Email outbox' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Database' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Blog scheduler/ })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a failed build is shown with the end of its log on the site health screen, and the site keeps serving', async ({ page, baseURL, request }) => {
  // The build failure itself (a real `astro build` that exits non-zero, the old dist/ kept) is proven in
  // tests/api/publishing.test.ts; here the staff screen shows what such a failure recorded.
  const marker = `Build error ${Math.random().toString(36).slice(2, 8)}: [MarkdownError] Unclosed component in a post`;
  const db = e2eDb();
  let buildId: number;
  try {
    const started = new Date(Date.now() - 60_000);
    ({ id: buildId } = await db.insertInto('site_builds').values({ trigger: 'publish-now', requested_by: 'e2e', target: 'local', status: 'failed', started_at: started, finished_at: new Date(), log_tail: marker }).returning('id').executeTakeFirstOrThrow());
  } finally {
    await db.destroy();
  }
  expect((await request.get('/plumber-austin')).status()).toBe(200);

  await signInWithAdminLink(page, await newStaffEmail(), baseURL!);
  await page.goto('/admin/dashboard');
  await page.getByText(`The end of build #${buildId}'s log`).click();
  await expect(page.getByText(marker)).toBeVisible();
  await expectNoAxeViolations(page);
});
