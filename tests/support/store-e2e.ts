/** Shared by the store's end-to-end specs: axe, waiting for an island, and filling the checkout form. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { CART_STORAGE_KEY } from '../../src/lib/store/cart';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

/**
 * Waits until every island on the page is hydrated (slow on a busy machine). An island that waits
 * for a first touch (`client:interaction`, the buy-now checkout) is touched first, as a visitor
 * would: its first text field takes the focus.
 */
export async function islandsReady(page: Page): Promise<void> {
  for (const island of await page.locator('astro-island[ssr][client="interaction"]').all()) await island.getByRole('textbox').first().focus();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
}

export const storedCart = (page: Page) => page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY);

export const address = { line1: '100 Congress Avenue', city: 'Austin', zip: '78701' };

/**
 * Fills the contact fields and every address group the form shows, and ticks the terms; then
 * waits out the 3 s within which the server takes an order for a bot's (stored as spam, never sent to Stripe).
 */
export async function fillCheckout(page: Page, contact = { name: 'Ana Díaz', phone: '(512) 555-0100', email: 'ana@example.com' }): Promise<void> {
  await page.getByLabel('Full name *').fill(contact.name);
  await page.getByLabel('Phone number *').fill(contact.phone);
  await page.getByLabel('Email *').fill(contact.email);
  for (const street of await page.getByLabel('Street address *').all()) await street.fill(address.line1);
  for (const city of await page.getByLabel('City *').all()) await city.fill(address.city);
  for (const zip of await page.getByLabel('ZIP code *').all()) await zip.fill(address.zip);
  await page.getByLabel(/I accept these terms/).check();
  await page.waitForTimeout(3_000);
}
