/**
 * The chat widget against the real served chat functions and database (no stand-in): the built-in
 * assistant answers from the business facts, hands off on a gas smell, opens the scheduler, and a
 * rating is stored.
 */
import { expect, test, type Page } from '@playwright/test';
import { austinOffice } from '../../src/business';

const panel = (page: Page) => page.getByRole('dialog', { name: 'AI' });
const input = (page: Page) => page.getByRole('textbox', { name: 'Type your message' });
const replies = (page: Page) => panel(page).getByRole('list', { name: 'Messages' }).getByRole('listitem');

async function ask(page: Page, text: string): Promise<void> {
  const before = await replies(page).count();
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(replies(page)).toHaveCount(before + 2, { timeout: 20_000 });
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));
  await page.goto('/plumber-kyle');
  await page.getByRole('button', { name: /^Open chat/ }).click();
  await expect(panel(page)).toBeVisible();
});

test('the assistant answers hours from the business facts', async ({ page }) => {
  await ask(page, 'What are your hours?');
  await expect(replies(page).last()).toContainText('7:30');
  await expect(replies(page).last()).not.toContainText("I'm having trouble connecting");
});

test('a gas smell gets the safety steps and the Ready to Connect card with the shown number', async ({ page }) => {
  await ask(page, 'I smell gas in my kitchen');
  await expect(replies(page).last()).toContainText(/leave/i);
  const card = panel(page).getByRole('region', { name: 'Ready to Connect?' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: `Call ${austinOffice.phone}` })).toBeVisible();
});

test('asking to book opens the scheduler and keeps the chat minimized', async ({ page }) => {
  // The scheduler takes the screen as soon as the reply arrives, so the reply is not awaited in the panel.
  await input(page).fill('Can I book an appointment for next week?');
  await input(page).press('Enter');
  await expect(page.getByRole('button', { name: 'Close scheduler' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: /^Click to expand/ })).toBeVisible();
});

test('a rating is accepted and thanked', async ({ page }) => {
  await ask(page, 'Do you serve Kyle?');
  await panel(page).getByRole('button', { name: 'End Chat' }).click();
  const rating = page.getByRole('dialog', { name: 'How was your experience?' });
  await expect(rating).toBeVisible();
  const ended = page.waitForResponse((r) => r.url().endsWith('/api/chatbot/end-conversation'));
  await rating.getByRole('button', { name: '5 stars' }).click();
  expect((await ended).status()).toBe(200);
  await expect(rating).toBeHidden();
});
