/**
 * A visitor on a slow phone types into a form before its island is live. The island's script is
 * held back until the typing is done; when it hydrates, everything typed must still be there, in
 * the fields and in what the island sends (issue 8, class 1).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';

/** Holds back the script of the island that contains `inner` until `release()` is called. */
async function holdIsland(page: Page, path: string, inner: string): Promise<{ island: Locator; release(): Promise<void> }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => { release = resolve; });
  // Every island component script is held; only the one we type into matters, and holding the others is harmless.
  await page.route(/\/_astro\/.*\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  const island = page.locator('astro-island').filter({ has: page.locator(inner) }).first();
  await island.scrollIntoViewIfNeeded();
  await expect(island).toHaveAttribute('ssr', '');
  return {
    island,
    async release() {
      release();
      await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
    },
  };
}

test.describe('typing before a form is live', () => {
  test.skip(({ isMobile }) => isMobile, 'The same islands hydrate the same way at both sizes; run once.');

  test('the estimate form keeps the name, phone, choices and message typed before hydration', async ({ page }) => {
    const { island, release } = await holdIsland(page, '/contact', '[data-estimate-form]');
    const message = 'Water under the kitchen sink since this morning.';
    await island.getByLabel('Full Name *').fill('Early Typist');
    await island.getByLabel('Phone Number *').fill('(512) 555-0199');
    await island.getByLabel('Service needed').selectOption('leak');
    await island.getByLabel('Describe the problem').fill(message);
    await release();

    await expect(island.getByLabel('Full Name *')).toHaveValue('Early Typist');
    await expect(island.getByLabel('Phone Number *')).toHaveValue('(512) 555-0199');
    await expect(island.getByLabel('Service needed')).toHaveValue('leak');
    await expect(island.getByLabel('Describe the problem')).toHaveValue(message);
    await expect(island.getByText(`${message.length}/500 characters`)).toBeVisible();

    // What the island sends is what is on screen: no "required" error for the typed fields.
    let sent: Record<string, unknown> | undefined;
    await page.route('**/api/contact', async (route) => {
      sent = route.request().postDataJSON() as Record<string, unknown>;
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true,"reference":"EST-TEST"}' });
    });
    await page.waitForTimeout(3100);
    await island.getByRole('button', { name: 'Send my request' }).click();
    await expect.poll(() => sent).toMatchObject({ name: 'Early Typist', phone: '(512) 555-0199', service: 'leak', message });
  });

  test('the booking form keeps the contact details typed before hydration', async ({ page }) => {
    const { island, release } = await holdIsland(page, '/schedule-appointment', 'form');
    const name = island.getByLabel(/Full name|Your name|Name/).first();
    const phone = island.getByLabel(/Phone/).first();
    await name.fill('Early Booker');
    await phone.fill('(830) 555-0123');
    await release();
    await expect(name).toHaveValue('Early Booker');
    await expect(phone).toHaveValue('(830) 555-0123');
  });

  test('the water heater calculator keeps the answers typed before hydration and sizes for them', async ({ page }) => {
    const { island, release } = await holdIsland(page, '/water-heater-calculator', '[data-sizing-result]');
    const result = island.locator('[data-sizing-result]');
    const before = await result.textContent();
    await island.getByLabel('People in the home').fill('8');
    await island.getByLabel('Bathrooms').fill('4');
    await release();
    await expect(island.getByLabel('People in the home')).toHaveValue('8');
    await expect(island.getByLabel('Bathrooms')).toHaveValue('4');
    // The estimate is computed from the adopted answers, not the defaults.
    await expect(result).not.toHaveText(before ?? '');
  });

  test('the cost estimator keeps the jobs ticked before hydration and totals them', async ({ page }) => {
    const { island, release } = await holdIsland(page, '/plumbing-cost-estimator', '[data-cost-total]');
    const total = island.locator('[data-cost-total]');
    const before = await total.textContent();
    const box = island.locator('input[name=job][value=main-line-clear]');
    await box.check();
    await release();
    await expect(box).toBeChecked();
    await expect(total).not.toHaveText(before ?? '');
  });
});
