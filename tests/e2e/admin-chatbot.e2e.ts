/**
 * /admin/chatbot in a real browser, through the served functions and database: a quick response
 * added, moved by keyboard and edited in admin is the chip the public chat offers on the home page;
 * the conversation it started is found by its transcript and opened; axe finds nothing on the three
 * tabs and the open transcript (each project runs it, at 1280 and 390 px).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, newStaffEmail, signInWithAdminLink } from '../support/admin-e2e';
import { randomTag } from '../support/random-tag';

const chatPanel = (page: Page) => page.getByRole('dialog', { name: 'AI' });
const chatInput = (page: Page) => page.getByRole('textbox', { name: 'Type your message' });

/** This worker's test run, so cleaning up never touches a chip another project's run is using. */
let token = '';

/** Leaves the shared test database offering what it offered: this test's chips are switched off, even after a failure. */
test.afterEach(async ({ page, baseURL }) => {
  const answer = await page.request.get('/api/admin/chatbot/quick-responses');
  if (!answer.ok()) return;
  const { rows } = (await answer.json()) as { rows: { id: number; label: string; message: string; icon: string; isActive: boolean }[] };
  for (const row of rows.filter((r) => r.isActive && token && r.message.endsWith(`ref ${token}`))) {
    await page.request.put(`/api/admin/chatbot/quick-responses/${row.id}`, { headers: { Origin: new URL(baseURL!).origin }, data: { label: row.label, message: row.message, icon: row.icon, isActive: false } });
  }
});

test('a quick response edited in admin is the chip the chat offers; its conversation opens as a transcript', async ({ page, baseURL, browser }, testInfo) => {
  test.setTimeout(180_000);
  token = randomTag();
  const label = `Leak ${token}`;
  const edited = `Leak help ${token}`;
  const message = `Do you fix slab leaks? ref ${token}`;

  await signInWithAdminLink(page, await newStaffEmail(), baseURL!);
  await page.goto('/admin/chatbot?tab=quick-responses');
  const tabs = page.getByRole('tablist', { name: 'Chat assistant' });
  await expect(tabs.getByRole('tab', { name: 'Quick responses' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Add a quick response' }).click();
  await expect(page.getByLabel('Chip label')).toBeFocused();
  await page.getByLabel('Chip label').fill('x'.repeat(40) + 'y');
  await expect(page.getByLabel('Chip label')).toHaveValue('x'.repeat(40));
  await page.getByLabel('Chip label').fill(label);
  await page.getByLabel('Message it sends').fill(message);
  await page.getByLabel('Icon').selectOption('Wrench');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved “${label}”` })).toBeVisible();
  const chips = page.getByRole('list', { name: 'Quick responses in the order the chat offers them' });
  await expect(chips.getByRole('listitem').filter({ hasText: label })).toBeVisible();
  await expectNoAxeViolations(page);
  await testInfo.attach('quick-responses', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  // Reordering works from the keyboard, and focus stays on the chip that moved: it is moved to the
  // top, so a phone (which shows three chips) offers it too.
  const up = page.getByRole('button', { name: `Move up “${label}”` });
  const place = () => chips.getByRole('listitem').evaluateAll((items, text) => items.findIndex((li) => li.textContent?.includes(text)) + 1, label);
  for (let i = 0; i < 60 && (await up.isEnabled()); i++) {
    const from = await place();
    await up.focus();
    await page.keyboard.press('Enter');
    // The other project's run may add its chip meanwhile, so the place is read back, not predicted.
    await expect.poll(place).toBeLessThan(from);
    await expect(page.getByRole('status')).toContainText(`Moved “${label}” to place ${await place()} of`);
    await expect((await place()) > 1 ? up : page.getByRole('button', { name: `Move down “${label}”` })).toBeFocused();
  }
  expect(await place()).toBe(1);

  await page.getByRole('button', { name: `Edit “${label}”` }).click();
  await page.getByLabel('Chip label').fill(edited);
  await page.getByLabel('Chip label').press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Saved “${edited}”` })).toBeVisible();

  // The chat offers the edited chip where it offers its default chips (a greeting). Another
  // project may be adding its own chip at the same time, so only this one is looked for.
  const visitor = await browser.newContext({ baseURL });
  const home = await visitor.newPage();
  await home.addInitScript(() => localStorage.setItem('cookieConsent', 'declined'));
  await home.goto('/');
  await home.getByRole('button', { name: /^Open chat/ }).click();
  await expect(chatPanel(home)).toBeVisible();
  await chatInput(home).fill('hello');
  await chatInput(home).press('Enter');
  const chip = chatPanel(home).getByRole('group', { name: 'Quick replies' }).getByRole('button', { name: edited });
  await expect(chip).toBeVisible({ timeout: 20_000 });
  const turns = chatPanel(home).getByRole('list', { name: 'Messages' }).getByRole('listitem');
  const before = await turns.count();
  await chip.click();
  await expect(chatPanel(home).getByRole('list', { name: 'Messages' }).getByText(message)).toBeVisible();
  await expect(turns).toHaveCount(before + 2, { timeout: 20_000 });
  await visitor.close();

  // The conversation is found by its transcript and opens beside (or below) the list.
  await tabs.getByRole('tab', { name: 'Conversations' }).click();
  await page.getByLabel('Search the transcripts').fill(`ref ${token}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 conversation' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'hello' }).click();
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByRole('heading', { name: 'Transcript' })).toBeFocused();
  await expect(transcript.getByText(message)).toBeVisible();
  await expect(transcript.getByText('Visitor', { exact: true })).toHaveCount(2);
  await transcript.getByLabel('Add a note').fill(`Called back ${token}`);
  await transcript.getByRole('button', { name: 'Save note' }).click();
  await expect(transcript.getByText(`Called back ${token}`)).toBeVisible();
  await expectNoAxeViolations(page);
  await testInfo.attach('transcript', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await tabs.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Conversations per day' })).toBeVisible();
  await expect(page.getByText('Conversations', { exact: true }).first()).toBeVisible();
  await page.getByText('Conversations per day as a table').click();
  await expectNoAxeViolations(page);
  await testInfo.attach('analytics', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

  await tabs.getByRole('tab', { name: 'Quick responses' }).click();
  await page.getByRole('button', { name: `Switch off “${edited}”` }).click();
  await expect(page.getByRole('button', { name: `Switch on “${edited}”` })).toBeVisible();
});
