/**
 * Commercial customers through the real admin screen, functions, database and local rebuild: a
 * customer staff add in /admin/commercial-customers (with an uploaded logo and the permission box
 * ticked) is on /commercial/{industry} and /commercial-services after the publish, with its logo
 * (alt = the company's name), name and link; an inactive customer is not; the form refuses to save
 * without the permission box. axe finds nothing on the screen or in its dialog at 1280 and 390 px,
 * nor on the commercial page with its customers.
 */
import { mkdir } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations, newStaffEmail, signInWithAdminLink } from '../support/admin-e2e';
import { publishAndWait, publishes, withPublishTurn } from '../support/publish-e2e';

const shots = '/tmp/shots-commercial';
const unique = () => Math.random().toString(36).slice(2, 7);

async function logoFile(name: string, background: string) {
  const svgText = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240"><rect width="600" height="240" fill="${background}"/><text x="300" y="150" font-size="90" font-family="sans-serif" fill="#fff" text-anchor="middle">${name.slice(0, 8)}</text></svg>`);
  return { name: `${name}.png`, mimeType: 'image/png', buffer: await sharp(svgText).png().toBuffer() };
}

async function addCustomer(page: Page, c: { name: string; website?: string; industry: string; since?: string; active?: boolean; logo?: Awaited<ReturnType<typeof logoFile>> }) {
  await page.getByRole('button', { name: 'Add a customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a commercial customer' });
  await dialog.getByLabel('Company name').fill(c.name);
  if (c.website) await dialog.getByLabel('Website (optional)').fill(c.website);
  await dialog.getByLabel('Commercial page', { exact: true }).selectOption({ label: c.industry });
  if (c.since) await dialog.getByLabel('Customer since (optional)').fill(c.since);
  if (c.logo) {
    await dialog.getByLabel('Upload a logo').setInputFiles(c.logo);
    await expect(dialog.getByLabel('Replace the logo')).toBeVisible();
  }
  if (c.active === false) await dialog.getByLabel('Active: shown on the commercial pages').uncheck();
  return dialog;
}

test('a customer added in admin with a logo and permission is on its commercial page after the publish; an inactive one is not', publishes, async ({ page, baseURL, request }) => {
  test.setTimeout(900_000);
  await mkdir(shots, { recursive: true });
  const suffix = unique();
  const shown = `Lakeway Market ${suffix}`;
  const hidden = `Quiet Corner Shop ${suffix}`;

  await signInWithAdminLink(page, await newStaffEmail('owner'), baseURL!);
  // What is live before and after this spec's own build: no other spec builds meanwhile.
  await withPublishTurn(async () => {
    await page.goto('/admin/commercial-customers');
    await expect(page.getByRole('heading', { name: 'Commercial customers', level: 1 })).toBeVisible();

    const dialog = await addCustomer(page, { name: shown, website: 'https://www.example.com/lakeway', industry: 'Retail', since: '2021', logo: await logoFile(shown, '#0f4c81') });
    // Without the permission box it is not saved.
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await expect(dialog.getByText('Tick the box to record that the customer agreed to be shown on the website.')).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel('The customer agreed to have their name and logo shown on our website').check();
    await dialog.getByRole('button', { name: 'Add customer' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Saved ${shown}.` })).toBeVisible();
    await expect(dialog).toBeHidden();

    const second = await addCustomer(page, { name: hidden, industry: 'Retail', active: false, logo: await logoFile(hidden, '#7c2d12') });
    await second.getByLabel('The customer agreed to have their name and logo shown on our website').check();
    await second.getByRole('button', { name: 'Add customer' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Saved ${hidden}.` })).toBeVisible();

    const table = page.getByRole('table', { name: 'Commercial customers' });
    await expect(table.getByRole('row').filter({ hasText: shown })).toContainText('Shown');
    await expect(table.getByRole('row').filter({ hasText: hidden })).toContainText('Hidden');
    // The shared sortable header sorts on the server.
    await table.getByRole('button', { name: 'Customer', exact: true }).click();
    await expect(table.getByRole('columnheader', { name: /Customer/ })).toHaveAttribute('aria-sort', 'ascending');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${shots}/admin-1280.png`, fullPage: true });

    const logoSrc = await table.getByRole('row').filter({ hasText: shown }).locator('img').getAttribute('src');
    const logoId = /logos\/([a-f0-9]{32})$/.exec(logoSrc!)![1]!;
    expect(await (await request.get('/commercial/retail')).text()).not.toContain(shown);

    await publishAndWait(page);

    const retail = await (await request.get('/commercial/retail')).text();
    expect(retail).toContain('Some of the businesses we look after');
    expect(retail).toMatch(new RegExp(`<img src="/images/logos/${logoId}-240\\.webp"[^>]*width="240" height="96"[^>]*alt="${shown}"`));
    expect(retail).toContain(`<a href="https://www.example.com/lakeway" rel="noopener"`);
    expect(retail).toContain('Customer since 2021');
    expect(retail).not.toContain(hidden);
    const logo = await request.get(`/images/logos/${logoId}-480.webp`);
    expect(logo.status()).toBe(200);
    expect(logo.headers()['content-type']).toContain('image/webp');
    expect(await (await request.get('/commercial-services')).text()).toContain(shown);
    expect(await (await request.get('/commercial/restaurants')).text()).not.toContain(shown);

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/commercial/retail');
      const section = page.getByRole('region', { name: 'Some of the businesses we look after' });
      const img = section.getByRole('img', { name: shown });
      await img.scrollIntoViewIfNeeded();
      // Lazy: loaded once it scrolls into view; its size is reserved before that.
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
      await page.screenshot({ path: `${shots}/commercial-retail-${width}.png` });
      await expectNoAxeViolations(page);
      await page.goto('/admin/commercial-customers');
      await expect(page.getByText(shown, { exact: true }).filter({ visible: true }).first()).toBeVisible();
      if (width === 390) await page.screenshot({ path: `${shots}/admin-390.png`, fullPage: true });
    }
  });
});

test('the commercial customers screen and its dialog pass axe at both widths', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signInWithAdminLink(page, await newStaffEmail('staff'), baseURL!);
  await page.goto('/admin/commercial-customers');
  await expect(page.getByRole('button', { name: 'Add a customer' })).toBeVisible();
  await expect(page.getByText('Loading the customers…')).toBeHidden();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add a customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a commercial customer' });
  await dialog.getByLabel('Website (optional)').fill('http://not-secure.example');
  await dialog.getByRole('button', { name: 'Add customer' }).click();
  await expect(dialog.getByText('Enter the full address starting with https://')).toBeVisible();
  await expect(dialog.getByText("Enter the company's name as it should appear.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `test-results/commercial-customers-dialog-${page.viewportSize()!.width}.png`, fullPage: true });
});
