/**
 * A visitor answers the cookie banner, and the analytics, ad pixel and session-recording tags load
 * only after Accept, never with Global Privacy Control, and never without configured ids (SPEC §4).
 * The vendors' scripts are stubbed with page.route, so nothing leaves the machine.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { consentStorageKey } from '../../src/lib/consent';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const tagVendors = /^https:\/\/(www\.googletagmanager\.com|connect\.facebook\.net|www\.clarity\.ms)\//;
const testIds = { analytics: 'G-TEST12345', adPixel: '123456789012345', sessionRecording: 'abcde12345' };
const banner = (page: Page) => page.getByRole('region', { name: 'Cookie choices' });
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), consentStorageKey);

/** Stubs the three vendors' scripts and returns the list of URLs the page asked them for. */
async function stubTagVendors(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(tagVendors, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return requested;
}

/**
 * Serves each page as a build with PUBLIC_GA_ID, PUBLIC_META_PIXEL_ID and PUBLIC_CLARITY_ID set
 * would (or, with `ids` null, as a build without them): the ids are the banner's data attributes.
 */
async function serveBuildWithIds(page: Page, ids: typeof testIds | null): Promise<void> {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/data-analytics-id(="[^"]*")?/, `data-analytics-id="${ids?.analytics ?? ''}"`)
      .replace(/data-ad-pixel-id(="[^"]*")?/, `data-ad-pixel-id="${ids?.adPixel ?? ''}"`)
      .replace(/data-session-recording-id(="[^"]*")?/, `data-session-recording-id="${ids?.sessionRecording ?? ''}"`);
    // The page's own headers are kept, so its Content-Security-Policy must allow the consented tags.
    const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = response.headers();
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    await route.fulfill({ status: response.status(), headers: { ...headers, 'content-type': 'text/html; charset=utf-8' }, body: html });
  });
}

async function storeChoice(page: Page, value: string): Promise<void> {
  await page.addInitScript(([key, choice]) => localStorage.setItem(key!, choice!), [consentStorageKey, value]);
}

async function turnOnGlobalPrivacyControl(page: Page): Promise<void> {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }));
}

/** Page timers (setTimeout, requestIdleCallback) run only when the test moves the clock on. */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-06-01T12:00:00Z') });
  await page.clock.pauseAt(new Date('2026-06-01T12:00:01Z'));
}

/** Interacts, then waits past the 3 s timer and its idle callback, so tags would have loaded by now. */
async function interactAndWait(page: Page): Promise<void> {
  await page.mouse.wheel(0, 200);
  await page.keyboard.press('Shift');
  await page.waitForTimeout(4000);
}

test.describe('the cookie banner', () => {
  test('shows on a first visit with Accept, Decline, Close and a privacy policy link, over the page below the header', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    for (const name of ['Accept', 'Decline', 'Close']) await expect(banner(page).getByRole('button', { name, exact: true })).toBeVisible();
    await expect(banner(page).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    const headingWithBanner = await page.locator('h1').boundingBox();
    const bannerBox = await banner(page).boundingBox();
    const headerBox = await page.locator('header').first().boundingBox();
    expect(bannerBox!.y).toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height - 1);
    await expect(banner(page)).toHaveCSS('position', 'fixed');

    // It does not move the page: the heading sits where it does once the banner is gone.
    await banner(page).getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('h1').boundingBox()).toEqual(headingWithBanner);
  });

  test('Accept stores accepted, hides the banner, and it stays hidden on the next page', async ({ page }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toBe('accepted');
    await page.goto('/contact');
    await expect(banner(page)).toBeHidden();
  });

  for (const name of ['Decline', 'Close']) {
    test(`${name} stores declined and hides the banner`, async ({ page }) => {
      await page.goto('/faq');
      await banner(page).getByRole('button', { name, exact: true }).click();
      await expect(banner(page)).toBeHidden();
      expect(await stored(page)).toBe('declined');
      await page.reload();
      await expect(banner(page)).toBeHidden();
    });
  }

  test('with a stored choice it is not in the first paint at all', async ({ page }) => {
    await storeChoice(page, 'declined');
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(banner(page)).toBeHidden();
  });

  test('an unknown stored value counts as no choice', async ({ page }) => {
    await storeChoice(page, 'maybe');
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
  });

  test('works by keyboard: right after the skip link, and focus moves on to the header', async ({ page, isMobile }) => {
    test.skip(isMobile, 'keyboard navigation is checked at desktop size');
    await page.goto('/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    for (const [role, name] of [['link', 'Privacy policy'], ['button', 'Accept'], ['button', 'Decline']] as const) {
      await page.keyboard.press('Tab');
      await expect(banner(page).getByRole(role, { name })).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toBe('declined');
    await expect(page.locator('header a').first()).toBeFocused();
  });

  test('has no axe violations while open', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
  });
});

test.describe('third-party tags', () => {
  test('load after Accept: analytics, ad pixel and session recording, with a page view per route change', async ({ page }) => {
    const requested = await stubTagVendors(page);
    await serveBuildWithIds(page, testIds);
    await page.goto('/');
    expect(requested).toEqual([]);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => requested.length).toBe(3);
    expect(requested.sort()).toEqual([
      'https://connect.facebook.net/en_US/fbevents.js',
      `https://www.clarity.ms/tag/${testIds.sessionRecording}`,
      `https://www.googletagmanager.com/gtag/js?id=${testIds.analytics}`,
    ]);

    const pageViews = () => page.evaluate(() => ((window as unknown as { dataLayer: IArguments[] }).dataLayer ?? [])
      .map((args) => Array.from(args)).filter((a) => a[0] === 'event' && a[1] === 'page_view').map((a) => (a[2] as { page_path: string }).page_path));
    expect(await pageViews()).toEqual(['/']);
    await page.evaluate(() => history.pushState({}, '', '/?step=2'));
    expect(await pageViews()).toEqual(['/', '/?step=2']);
    const pixelEvents = await page.evaluate(() => ((window as unknown as { fbq: { queue: unknown[][] } }).fbq.queue).map((a) => a.slice(0, 2)));
    expect(pixelEvents).toEqual([['init', testIds.adPixel], ['track', 'PageView'], ['track', 'PageView']]);
  });

  test('never load before a choice is made', async ({ page }) => {
    const requested = await stubTagVendors(page);
    await serveBuildWithIds(page, testIds);
    await page.goto('/');
    await interactAndWait(page);
    expect(requested).toEqual([]);
  });

  test('never load after Decline', async ({ page, isMobile }) => {
    test.skip(isMobile, 'which scripts load does not depend on the width: checked once');
    const requested = await stubTagVendors(page);
    await serveBuildWithIds(page, testIds);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await interactAndWait(page);
    expect(requested).toEqual([]);
  });

  test('never load with Global Privacy Control on, even after Accept', async ({ page, isMobile }) => {
    test.skip(isMobile, 'which scripts load does not depend on the width: checked once');
    const requested = await stubTagVendors(page);
    await serveBuildWithIds(page, testIds);
    await turnOnGlobalPrivacyControl(page);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await interactAndWait(page);
    await page.goto('/contact');
    await interactAndWait(page);
    expect(requested).toEqual([]);
  });

  test('never load without configured ids, even after Accept', async ({ page, isMobile }) => {
    test.skip(isMobile, 'which scripts load does not depend on the width: checked once');
    const requested = await stubTagVendors(page);
    await serveBuildWithIds(page, null);
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await interactAndWait(page);
    expect(requested).toEqual([]);
  });

  test('with consent stored, nothing loads for 3 s without an interaction, then they load', async ({ page }) => {
    const requested = await stubTagVendors(page);
    await serveBuildWithIds(page, testIds);
    await storeChoice(page, 'accepted');
    await pauseClock(page);
    await page.goto('/');
    await page.clock.runFor(2900);
    expect(requested).toEqual([]);
    await page.clock.runFor(700);
    await expect.poll(() => requested.length).toBe(3);
  });

  test('with consent stored, the first interaction loads them in idle time without waiting 3 s', async ({ page }) => {
    const requested = await stubTagVendors(page);
    await serveBuildWithIds(page, testIds);
    await storeChoice(page, 'accepted');
    await pauseClock(page);
    await page.goto('/');
    // The loader is a module script: interact once it has run (on a busy machine that is after goto resolves).
    await page.waitForLoadState('load');
    await page.keyboard.press('Tab');
    await page.clock.runFor(600);
    await expect.poll(() => requested.length).toBe(3);
  });
});
