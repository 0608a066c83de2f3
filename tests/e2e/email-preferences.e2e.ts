/**
 * Email preferences and templates through the real pages, functions and database: a customer asks
 * for their link on /unsubscribe, opens it from the email written to the test mail folder, and
 * changes their preferences (stored for that address only); an unsubscribe link names its category
 * and one button stops it. Staff edit a template in /admin/email-templates: an unknown merge field is
 * refused naming it, the preview shows the sample data, save and revert to the default. axe finds
 * nothing; screenshots at both widths go to /tmp/shots-email/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { insertCustomer } from '../../src/server/repositories/customer.repository';
import { findPreferenceByEmail } from '../../src/server/repositories/email-preference.repository';
import { newPublicId } from '../../src/server/services/public-id';
import { expectNoAxeViolations, newStaffEmail, signInWithAdminLink } from '../support/admin-e2e';
import { e2eDb } from '../support/e2e-db';
import { staffMailsContaining, uniqueName } from '../support/staff-mail';

const shots = '/tmp/shots-email';
mkdirSync(shots, { recursive: true });
async function shot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

async function withDb<T>(run: (db: ReturnType<typeof e2eDb>) => Promise<T>): Promise<T> {
  const db = e2eDb();
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

test('a customer changes their email preferences from the link in their email', async ({ page }) => {
  const email = `${uniqueName('prefs').replace(' ', '.')}@example.com`;
  await withDb((db) => insertCustomer(db, { public_id: newPublicId(), name: 'Prefs Customer', email, phone: null, phone_digits: null, company: null, property_type: null }));

  await page.goto('/unsubscribe');
  await expect(page.getByRole('heading', { name: 'Unsubscribe from our emails', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'unsubscribe');
  await page.getByLabel('Your email address').fill(email);
  await page.getByRole('button', { name: 'Email me the link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If we have that address, we have sent it a link' })).toBeVisible();

  let mail = '';
  await expect.poll(async () => {
    mail = (await staffMailsContaining(`To: ${email}`))[0] ?? '';
    return mail;
  }, { timeout: 15_000 }).not.toBe('');
  const link = /https?:\/\/[^\s"<>]+\/email-preferences\/([A-Za-z0-9_-]{43})/.exec(mail.replace(/=\r?\n/g, ''));
  expect(link, 'the email carries the preferences link').not.toBeNull();
  const token = link![1]!;

  await page.goto(`/email-preferences/${token}`);
  await expect(page.getByText(/Preferences for/)).toContainText('***@example.com');
  await expectNoAxeViolations(page);
  await shot(page, 'email-preferences');
  await page.getByLabel('Review requests').uncheck();
  await page.getByLabel('Offers').uncheck();
  await page.getByRole('button', { name: 'Save my preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your preferences are saved.' })).toBeVisible();
  await expect.poll(() => withDb((db) => findPreferenceByEmail(db, email))).toMatchObject({ review_requests: false, offers: false, referral_emails: true, unsubscribed_all: false });

  // The footer's unsubscribe link (and the List-Unsubscribe address opened in a browser) offers one button for its category.
  await page.goto(`/api/email-preferences/one-click?token=${token}&category=referral`);
  await expect(page).toHaveURL(new RegExp(`/email-preferences/${token}\\?unsubscribe=referral$`));
  expect((await withDb((db) => findPreferenceByEmail(db, email)))?.referral_emails, 'opening the link changes nothing').toBe(true);
  await page.getByRole('button', { name: 'Unsubscribe from referral program emails' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'you will get no more referral program emails' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'email-preferences-unsubscribed');
  expect(await withDb((db) => findPreferenceByEmail(db, email))).toMatchObject({ referral_emails: false, review_requests: false });

  // By keyboard: unsubscribe from everything.
  await page.getByLabel('Unsubscribe from all of these emails').focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Save my preferences' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Your preferences are saved.' })).toBeVisible();
  await expect.poll(async () => (await withDb((db) => findPreferenceByEmail(db, email)))?.unsubscribed_all).toBe(true);
});

test('a preferences page without a valid link says how to get one', async ({ page }) => {
  await page.goto(`/email-preferences/${'Q'.repeat(43)}`);
  await expect(page.getByRole('alert')).toContainText('This link does not open any preferences');
  await expect(page.getByRole('link', { name: 'Ask for one by email' })).toHaveAttribute('href', '/unsubscribe');
  await expectNoAxeViolations(page);
});

test('staff edit a template: an unknown field is refused, the preview shows sample data, then revert', async ({ page, baseURL, isMobile }) => {
  // Each width edits its own template, so the two projects never race on one.
  const name = isMobile ? 'Review reminder 2' : 'Review reminder 1';
  await signInWithAdminLink(page, await newStaffEmail('staff'), baseURL!);
  await page.goto('/admin/email-templates');
  await expect(page.getByRole('heading', { name: 'Email templates', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  const editor = page.getByRole('region', { name });
  await expect(editor.getByLabel('Subject')).not.toHaveValue('');
  await expectNoAxeViolations(page);
  await shot(page, 'admin-email-templates');

  const subject = editor.getByLabel('Subject');
  await subject.fill('Still time for a review, {{ first_name }} {{ loyalty_points }}');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('alert')).toContainText('"loyalty_points"');
  await expect(editor.getByText(/uses the merge field "loyalty_points"/).first()).toBeVisible();

  await subject.fill('Still time for a review, {{ first_name }}?');
  await editor.getByRole('button', { name: 'Preview' }).click();
  await expect(editor.locator('[data-preview-subject]')).toHaveText('Still time for a review, Maria?');
  const frame = editor.frameLocator('iframe');
  await expect(frame.getByText('701 Tillery St #12', { exact: false })).toBeVisible();
  await expect(frame.getByRole('link', { name: /Unsubscribe from review requests/ })).toBeVisible();
  await expectNoAxeViolations(page, 'iframe[sandbox]');
  await shot(page, 'admin-email-templates-preview');

  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor.getByRole('status')).toContainText(`Saved "${name}"`);
  await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toContainText('Customised');

  await editor.getByRole('button', { name: `Revert ${name} to its default wording` }).click();
  const dialog = page.getByRole('dialog', { name: `Revert "${name}"?` });
  await dialog.getByRole('button', { name: 'Revert to default' }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.getByRole('status')).toContainText('back to its default wording');
  await expect(subject).not.toHaveValue(/Still time/);
  await expect(page.getByRole('button', { name: new RegExp(`^${name}`) })).toContainText('Default');
});
