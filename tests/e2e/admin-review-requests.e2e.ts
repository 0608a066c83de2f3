/**
 * /admin/review-requests through the real functions and database: a job staff mark completed shows
 * as a waiting request; "Send now" sends the first email (its file holds the request's own link) and
 * the row says so; the settings refuse a link that is not https and save a good one. axe finds nothing;
 * screenshots at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { insertCustomer } from '../../src/server/repositories/customer.repository';
import { newPublicId } from '../../src/server/services/public-id';
import { expectNoAxeViolations, newStaffEmail, signInWithAdminLink } from '../support/admin-e2e';
import { readableMail } from '../support/checkout-requests';
import { e2eDb } from '../support/e2e-db';
import { staffMailsContaining } from '../support/staff-mail';

const shots = '/tmp/shots-review-requests';

test('a completed job becomes a review request staff can send, and the settings save', async ({ page, baseURL, isMobile }) => {
  test.setTimeout(120_000);
  mkdirSync(shots, { recursive: true });
  const suffix = Math.random().toString(36).slice(2, 8);
  const name = `Olivia Reyes ${suffix}`;
  const email = `olivia.${suffix}@example.com`;
  const db = e2eDb();
  const customer = await insertCustomer(db, { public_id: newPublicId(), name, email, phone: null, phone_digits: null, company: null, property_type: null }).finally(() => db.destroy());
  await signInWithAdminLink(page, await newStaffEmail(), baseURL!);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
  const job = await page.request.post('/api/admin/jobs', {
    headers: { Origin: new URL(baseURL!).origin },
    data: { customerId: customer.public_id, addressId: null, service: 'Garbage disposal replacement', completedAt: today, invoiceTotal: '325.00', paidAt: '', notes: '', externalId: '' },
  });
  expect(job.status(), await job.text()).toBe(200);

  await page.goto('/admin/review-requests');
  await expect(page.getByRole('heading', { name: 'Requests', exact: true })).toBeVisible();
  await page.getByLabel('Show').selectOption('waiting');
  const row = isMobile ? page.getByRole('list', { name: 'Review requests' }).getByRole('listitem').filter({ hasText: name }) : page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Not sent yet');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/list-${isMobile ? 390 : 1280}.png`, fullPage: true });

  await row.getByRole('button', { name: `Send now to ${name}` }).click();
  await expect(page.getByText(`Review request email to ${name} sent.`)).toBeVisible();
  await expect(row).toContainText('Request sent');
  await expect.poll(async () => (await staffMailsContaining(email)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await staffMailsContaining(email)).map(readableMail).join('\n')).toMatch(/leave-review\/[A-Za-z0-9_-]{40,}/);

  await row.getByRole('button', { name: `Stop the review request to ${name}` }).click();
  await expect(row).toContainText('Stopped by staff');

  const google = page.getByLabel('Google review link');
  await google.fill('http://example.com/review');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert')).toContainText('https://');
  await google.fill('https://g.page/r/economy-plumbing-services/review');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Review request settings saved.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${shots}/after-${isMobile ? 390 : 1280}.png`, fullPage: true });
  // Put the defaults back for the rest of the run.
  const cleanup = e2eDb();
  await cleanup.deleteFrom('review_settings').execute().finally(() => cleanup.destroy());
});
