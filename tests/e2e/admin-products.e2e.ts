/**
 * /admin/products in a real browser against the served build: an owner changes a product's price
 * in the dialog and sees the new price in the list and the change (old and new price) in the staff
 * screen's audit log; a staff member sees no price button, sorts by price and edits the words. axe finds nothing at 1280 and 390 px.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, newStaffEmail, signInWithAdminLink } from '../support/admin-e2e';
import { e2eDb } from '../support/e2e-db';

test('an owner changes a price; the list shows it and the audit log has the old and the new price', async ({ page, baseURL, isMobile }) => {
  // Each width changes its own product, so the two projects never race on one price.
  const slug = isMobile ? 'platinum-vip-tankless' : 'silver-vip-tankless';
  const db = e2eDb();
  let product: { name: string; price_cents: number };
  try {
    product = await db.selectFrom('products').select(['name', 'price_cents']).where('slug', '=', slug).executeTakeFirstOrThrow();
  } finally {
    await db.destroy();
  }
  const oldPrice = `$${(product.price_cents / 100).toFixed(2)}`;
  const cents = product.price_cents === 25_011 ? 25_012 : 25_011;
  const newPrice = `$${(cents / 100).toFixed(2)}`;

  await signInWithAdminLink(page, await newStaffEmail('owner'), baseURL!);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  const entry = isMobile ? page.getByRole('listitem').filter({ hasText: product.name }) : page.getByRole('row').filter({ hasText: product.name });
  await expect(entry).toContainText(oldPrice);
  await expectNoAxeViolations(page);

  await entry.getByRole('button', { name: `Change the price of ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Price of ${product.name}` });
  await dialog.getByLabel('Price in dollars').fill('0.10');
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(dialog.getByText('A price is between $1 and $100,000.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Price in dollars').fill(newPrice);
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `${product.name} now costs the price you entered.` })).toBeVisible();
  await expect(entry).toContainText(newPrice);

  await page.goto('/admin/staff');
  const audit = page.getByRole('region', { name: /Audit log/ }).getByRole('row').filter({ hasText: `product.price product ${slug}` }).first();
  await expect(audit).toContainText(`price: ${oldPrice}`);
  await expect(audit).toContainText(`price: ${newPrice}`);
});

test('staff edit the words but get no price controls; the screen passes axe', async ({ page, baseURL, isMobile }) => {
  await signInWithAdminLink(page, await newStaffEmail('staff'), baseURL!);
  await page.goto('/admin/products');
  const name = 'Bio-Pure Septic & Drain + RV Restore & Maintain (32 oz)';
  const entry = isMobile ? page.getByRole('listitem').filter({ hasText: name }) : page.getByRole('row').filter({ hasText: name });
  await expect(entry).toContainText('$');
  await expect(page.getByRole('button', { name: /Change the price of/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // Sorted by price, the cheapest (this product) comes first; its place in the store stays as it is.
  if (isMobile) await page.getByLabel('Sort by').selectOption('price');
  else await page.getByRole('columnheader', { name: 'Price' }).getByRole('button').click();
  await expect((isMobile ? page.getByRole('list', { name: 'Products' }).getByRole('listitem') : page.getByRole('row')).nth(isMobile ? 0 : 1)).toContainText(name);
  await expect(page.getByRole('button', { name: `Move ${name} up` })).toHaveCount(0);

  await entry.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  const description = `Keeps septic systems and RV tanks flowing (${isMobile ? 'phone' : 'desktop'} ${Date.now()}).`;
  await dialog.getByLabel('Description').fill(description);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Saved ${name}.` })).toBeVisible();
});
