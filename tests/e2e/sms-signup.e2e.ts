/**
 * /sms-signup through the real page, function and database, by keyboard only: the disclosure CTIA
 * asks for is on the page, the consent box starts unchecked, sending without it is refused with a
 * clear message and stores nothing, and with it the visitor is thanked, the consent record keeps
 * the exact words of the label, and the confirmation text is written (no Twilio locally: a file
 * under SMS_DIR, default .data/sms). A known customer signs in to the portal with a code texted to
 * the phone on file (a file locally). axe finds nothing; screenshots at both widths go to /tmp/shots-sms/.
 */
import { mkdirSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { smsReplies } from '../../src/lib/sms/program';
import { insertCustomer } from '../../src/server/repositories/customer.repository';
import { minimumFillMs } from '../../src/server/services/leads';
import { newPublicId } from '../../src/server/services/public-id';
import { expectNoAxeViolations } from '../support/admin-e2e';
import { e2eDb } from '../support/e2e-db';
import { randomTag } from '../support/random-tag';

const shots = '/tmp/shots-sms';
mkdirSync(shots, { recursive: true });
const smsDir = path.resolve(process.env.SMS_DIR ?? '.data/sms');

async function shot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

/** The texts written to `phone` since this run started (the folder keeps earlier runs' texts). */
const runStarted = Date.now() - 1000;
async function textsTo(phone: string): Promise<string[]> {
  const files = await readdir(smsDir).catch(() => [] as string[]);
  const texts = await Promise.all(files.map((f) => readFile(path.join(smsDir, f), 'utf8')));
  return texts.filter((t) => t.startsWith(`To: ${phone}\n`) && Date.parse(/^Date: (.*)$/m.exec(t)?.[1] ?? '') >= runStarted);
}

/** A fresh 10-digit number each run (the local database and the texts folder keep earlier runs'). */
const randomMobileDigits = () => `512${200 + Math.floor(Math.random() * 800)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

/** Tab from the current focus until `locator` has it (keyboard only), at most `max` presses. */
async function tabTo(page: Page, locator: ReturnType<Page['locator']>, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await locator.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('could not reach the element with Tab');
}

test('the disclosure is shown, the box starts unchecked, no box → refused; with it → thanked, consent kept with the exact words, confirmation text written', async ({ page }) => {
  test.setTimeout(120_000);
  const digits = randomMobileDigits();
  const phone = `+1${digits}`;
  await page.goto('/sms-signup');
  await expect(page.getByRole('heading', { level: 1, name: 'Text message updates' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Sign up for texts' });
  await submit.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:not([ssr])').filter({ has: submit })).toHaveCount(1, { timeout: 30_000 });
  const liveAt = Date.now();

  const box = page.getByRole('checkbox');
  await expect(box).not.toBeChecked();
  const label = page.locator('label[for="sms-signup-consent"]');
  const words = (await label.textContent())!;
  for (const needed of ['Economy Plumbing Services', 'Message frequency varies', 'Msg & data rates may apply', 'Reply HELP for help and STOP to cancel', 'Consent is not a condition of purchase']) expect(words).toContain(needed);
  await expect(label.getByRole('link', { name: 'text message terms' })).toHaveAttribute('href', '/sms-signup#sms-terms');
  await expect(label.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy#text-messages');
  await expect(page.locator('#sms-terms')).toContainText('Mobile carriers are not liable');
  await expectNoAxeViolations(page);
  await shot(page, 'sms-signup');

  // Keyboard only: fill the name and number, leave the box, send with Enter.
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await tabTo(page, page.getByLabel('Your name'));
  await page.keyboard.type('Kim Keyboard');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('We can text you only after you tick the consent box.');
  await expect(page.locator('#sms-signup-consent-error')).toContainText('Tick the box to agree to receive our text messages');
  await expect(box).toBeFocused();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await shot(page, 'sms-signup-refused');

  const db = e2eDb();
  try {
    expect(await db.selectFrom('sms_consents').select('id').where('phone', '=', phone).execute()).toEqual([]);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
    await tabTo(page, submit);
    // A form sent within minimumFillMs of appearing is kept as spam (no person types that fast); on a
    // quiet machine this keyboard run can be quicker than that, so it waits as a person would.
    await page.waitForTimeout(Math.max(0, minimumFillMs + 300 - (Date.now() - liveAt)));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'You are signed up' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, 'sms-signup-sent');

    const [consent] = await db.selectFrom('sms_consents').selectAll().where('phone', '=', phone).execute();
    expect(consent).toMatchObject({ name: 'Kim Keyboard', status: 'active', source: 'web:/sms-signup', disclosure_text: words });
    await expect.poll(async () => (await textsTo(phone)).length, { timeout: 10_000 }).toBe(1);
    expect((await textsTo(phone))[0]).toContain(smsReplies.signedUp);
  } finally {
    await db.destroy();
  }
});

test('a known customer signs in to the portal with a code texted to the mobile number on file', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the flow runs once, at desktop width');
  test.setTimeout(120_000);
  const suffix = randomTag();
  const digits = randomMobileDigits();
  const email = `texted.${suffix}@example.com`;
  const db = e2eDb();
  await insertCustomer(db, { public_id: newPublicId(), name: `Robin Texted ${suffix}`, email, phone: digits, phone_digits: digits, company: null, property_type: null }).finally(() => db.destroy());

  await page.goto('/customer-portal');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Text a code to my mobile number on file' }).click();
  await expect(page.getByRole('status')).toContainText(`If we know ${email} and have a mobile number for it, we just texted that number a 6-digit code.`);
  const code = page.getByLabel('6-digit code from the text message');
  await expect(code).toBeFocused();
  await expectNoAxeViolations(page);
  await expect.poll(async () => (await textsTo(`+1${digits}`)).length, { timeout: 10_000 }).toBe(1);
  const [text] = await textsTo(`+1${digits}`);
  const sent = /sign-in code is (\d{6})/.exec(text!)![1]!;
  await code.fill(sent);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('header').getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 15_000 });
});
