/**
 * The blog through the real admin screen, functions, database and local rebuild: a post written in
 * /admin/blog (with an uploaded picture) is live at /{slug}, on /blog, in the RSS feed and in the
 * sitemap after the publish, its old /blog/{slug} address answers 301, and it is gone from all of
 * them after Unpublish; a build that fails (its picture missing from the store) keeps the old site
 * serving and shows the error in admin; a scheduled post goes live by itself at its time. axe finds
 * nothing in the editor at 1280 and 390 px.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations, newStaffEmail, signInWithAdminLink } from '../support/admin-e2e';
import { e2eDb } from '../support/e2e-db';
import { publishNow, publishes, waitForBuild, withPublishTurn } from '../support/publish-e2e';
import { randomTag } from '../support/random-tag';

const unique = () => randomTag(5);

async function pictureFile(name: string) {
  const buffer = await sharp({ create: { width: 1400, height: 800, channels: 3, background: '#1d5c96' } }).jpeg().toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

async function writePost(page: Page, post: { title: string; category: string; content: string }): Promise<void> {
  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'New post' }).click();
  await page.getByLabel('Title').fill(post.title);
  await page.getByLabel('Title').blur();
  await page.getByLabel('Category').fill(post.category);
  await page.getByLabel('Excerpt').fill(`What to check before you call: ${post.title.toLowerCase()}.`);
  await page.getByLabel('Post (Markdown)').fill(post.content);
}

// One after another in one worker, and each inside a publishing turn (tests/support/publish-e2e.ts):
// the broken build below must not fail another spec's build, nor the scheduled post's own.
test.describe.configure({ mode: 'default' });

/** Every path the served sitemap lists (the index and each sitemap it names). */
async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const paths: string[] = [];
  for (const sitemap of locs(await (await request.get('/sitemap-index.xml')).text())) paths.push(...locs(await (await request.get(sitemap)).text()));
  return paths;
}

test('a post written in admin is live at /{slug}, in RSS and in the sitemap after the publish; a failed build keeps the old site and shows why; Unpublish takes it down', publishes, async ({ page, baseURL, request }) => {
  test.setTimeout(900_000);
  const title = `Fixing a noisy water heater ${unique()}`;
  const slug = title.toLowerCase().replace(/\s+/g, '-');

  await signInWithAdminLink(page, await newStaffEmail('owner'), baseURL!);
  // Inside a publishing turn; should the test stop while the broken post is published, it is made a
  // draft again so the next spec's build does not fail on it.
  await withPublishTurn(async () => {
    try {
      await writePost(page, { title, category: 'Water heaters', content: '## Popping and rumbling\n\nSediment from our hard water settles at the bottom of the tank.\n\n- Turn the heater to vacation mode\n- [Ask us](/contact) to flush it' });
      await expect(page.getByLabel('Slug')).toHaveValue(slug);
      // The live preview is the page's HTML.
      const preview = page.getByRole('region', { name: 'Preview' });
      await expect(preview.getByRole('heading', { name: 'Popping and rumbling' })).toBeVisible();
      await expect(preview.getByRole('link', { name: 'Ask us' })).toHaveAttribute('href', '/contact');

      await page.getByLabel('Upload a picture').setInputFiles(await pictureFile('heater.jpg'));
      await page.getByLabel('Describe the picture (alt text)').fill('A tank water heater in a garage');
      await page.getByLabel('Published').check();
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Saved “${title}”. It reaches /blog` })).toBeVisible();
      const pictureSrc = await page.getByRole('group', { name: 'Featured picture (optional)' }).locator('img').getAttribute('src');
      const pictureId = /images\/([a-f0-9]{32})$/.exec(pictureSrc!)![1]!;

      expect((await request.get(`/${slug}`)).status()).toBe(404);
      const first = await publishNow(page);
      await waitForBuild(page, first, 'Live');

      const live = await request.get(`/${slug}`);
      expect(live.status()).toBe(200);
      const html = await live.text();
      expect(html).toContain(title);
      expect(html).toMatch(new RegExp(`<img src="/images/blog/${pictureId}-800\\.webp"[^>]*width="800" height="457"`));
      expect((await request.get(`/images/blog/${pictureId}-1200.webp`)).headers()['content-type']).toContain('image/webp');
      expect(await (await request.get('/rss.xml')).text()).toContain(`/${slug}</link>`);
      expect(await (await request.get('/blog')).text()).toContain(title);
      expect(await sitemapPaths(request)).toContain(`/${slug}`);
      await page.goto(`/${slug}`);
      await page.screenshot({ path: 'test-results/blog-post-1280.png', fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: 'test-results/blog-post-390.png', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/admin/blog');
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      await expect(page.getByLabel('Title')).toHaveValue(title);
      const old = await request.get(`/blog/${slug}`, { maxRedirects: 0 });
      expect(old.status()).toBe(301);
      expect(new URL(old.headers().location!, baseURL).pathname).toBe(`/${slug}`);

      // A build that fails: the picture is gone from the store, so the build stops with a sentence naming the post.
      await rm(path.resolve('.data/uploads/blog', `${pictureId}.jpg`));
      await page.getByLabel('Title').fill(`${title} (updated)`);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'updated' })).toBeVisible();
      const failing = await publishNow(page);
      await waitForBuild(page, failing, 'Failed');
      await page.getByText(`The end of build #${failing}'s log`).click();
      await expect(page.getByText(/is missing from the blog image store/).first()).toBeVisible();
      const still = await request.get(`/${slug}`);
      expect(still.status()).toBe(200);
      expect(await still.text()).not.toContain('(updated)');
      await page.goto('/admin/dashboard');
      await page.getByText(`The end of build #${failing}'s log`).click();
      await expect(page.getByText(/is missing from the blog image store/).first()).toBeVisible();

      // Unpublish (the picture removed too), publish: the post is gone from its address and the feed.
      await page.goto('/admin/blog');
      await page.getByRole('button', { name: `Edit ${title} (updated)` }).click();
      await page.getByRole('button', { name: 'Remove the picture' }).click();
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByRole('button', { name: 'Unpublish' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'It is a draft' })).toBeVisible();
      const last = await publishNow(page);
      await waitForBuild(page, last, 'Live');
      expect((await request.get(`/${slug}`)).status()).toBe(404);
      expect(await (await request.get('/rss.xml')).text()).not.toContain(`/${slug}</link>`);
      expect(await (await request.get('/blog')).text()).not.toContain(title);
      const after = await sitemapPaths(request);
      expect(after).toContain('/plumber-austin');
      expect(after).not.toContain(`/${slug}`);
    } finally {
      const db = e2eDb();
      await db.updateTable('blog_posts').set({ published: false, publish_at: null }).where('slug', '=', slug).where('published', '=', true).execute();
      await db.destroy();
    }
  });
});

test('a scheduled post goes live by itself at its time', publishes, async ({ page, baseURL, request }) => {
  test.setTimeout(900_000);
  const title = `Checking a pressure relief valve ${unique()}`;
  const slug = title.toLowerCase().replace(/\s+/g, '-');
  await signInWithAdminLink(page, await newStaffEmail('staff'), baseURL!);
  await withPublishTurn(async () => {
    await writePost(page, { title, category: 'Safety', content: 'Lift the lever briefly once a year and let it snap back.' });
    await page.getByLabel('Scheduled').check();
    // The next whole minute that is at least 20 s away, in the browser's time zone.
    const at = await page.evaluate(() => {
      const d = new Date(Date.now() + 80_000);
      d.setSeconds(0, 0);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    });
    await page.getByLabel('Goes live at (your time zone)').fill(at);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'It goes live by itself' })).toBeVisible();
    expect((await request.get(`/${slug}`)).status()).toBe(404);

    await expect.poll(async () => (await request.get(`/${slug}`)).status(), { timeout: 360_000, intervals: [5000] }).toBe(200);
    expect(await (await request.get('/rss.xml')).text()).toContain(`/${slug}</link>`);
    // Site health lists the scheduler's last run and the post it published.
    await page.goto('/admin/dashboard');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Blog scheduler/ }) });
    await expect(card.getByText(/Last run/)).toBeVisible();
    await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', `/${slug}`);
    await expectNoAxeViolations(page);
  });
});

test('the blog list and editor pass axe, at both widths', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signInWithAdminLink(page, await newStaffEmail(), baseURL!);
  await page.goto('/admin/blog');
  await expect(page.getByRole('list', { name: 'Blog posts' }).getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'New post' }).click();
  await page.getByLabel('Scheduled').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A title has at least 3 characters.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `test-results/blog-editor-${page.viewportSize()!.width}.png`, fullPage: true });
});
