/**
 * The referral program through the real pages, functions and database: a visitor arrives by
 * /ref/{code}, sees the referrer's first name (never more), and claims the offer; staff see the
 * referral in /admin/referrals; the friend's paid $250 job credits the referrer, whose email arrives;
 * a self-referral shows up flagged. axe finds nothing on /referral-offer, /refer-a-friend and
 * /admin/referrals; screenshots at both widths go to /tmp/shots-referrals/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { insertCustomer } from '../../src/server/repositories/customer.repository';
import { newPublicId } from '../../src/server/services/public-id';
import { ensureReferralCode } from '../../src/server/services/referral-codes';
import { expectNoAxeViolations, newStaffEmail, signInWithAdminLink } from '../support/admin-e2e';
import { e2eDb } from '../support/e2e-db';
import { staffMailsContaining } from '../support/staff-mail';

const shots = '/tmp/shots-referrals';
mkdirSync(shots, { recursive: true });
/** A full-page screenshot, after checking nothing makes the page scroll sideways. */
async function shot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} scrolls sideways`).toBeLessThanOrEqual(width);
  await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
}

async function newReferrer(suffix: string) {
  const db = e2eDb();
  try {
    const customer = await insertCustomer(db, { public_id: newPublicId(), name: `Marisol Vega-${suffix} Test`, email: `marisol.${suffix}@example.com`, phone: null, phone_digits: null, company: null, property_type: null });
    return { customer, code: (await ensureReferralCode(db, customer.id)).code };
  } finally {
    await db.destroy();
  }
}

/** The form hydrates when it scrolls into view; typing before that would go to the static HTML. */
async function hydratedForm(page: Page, button: string) {
  const submit = page.getByRole('button', { name: button });
  await submit.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:not([ssr])').filter({ has: submit })).toHaveCount(1, { timeout: 30_000 });
}

test('a visitor from /ref/{code} sees the referrer\'s first name and claims the offer; staff see it; the paid $250 job credits the referrer; a self-referral is flagged', async ({ page, baseURL, isMobile }) => {
  test.skip(isMobile, 'the flow runs once, at desktop width');
  test.setTimeout(300_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const { customer, code } = await newReferrer(suffix);
  // Every test request comes from 127.0.0.1: forget earlier runs' referrals from it, or this one is a "burst".
  const cleanup = e2eDb();
  await cleanup.updateTable('referrals').set({ client_hash: null }).execute().finally(() => cleanup.destroy());
  const friend = { name: `Tomas Friend ${suffix}`, phone: `512-555-${String(Math.floor(Math.random() * 9000) + 1000)}`, email: `tomas.${suffix}@example.com` };

  await page.goto(`/ref/${code}`);
  await expect(page).toHaveURL(new RegExp(`/referral-offer\\?code=${code}$`));
  await expect(page.getByText(`Marisol sent you this offer.`)).toBeVisible();
  await expect(page.getByText(`Vega-${suffix}`)).toHaveCount(0);
  expect((await page.context().cookies()).find((c) => c.name === 'eps_referral')).toMatchObject({ value: code, sameSite: 'Lax' });

  await hydratedForm(page, 'Claim my offer');
  await page.getByRole('button', { name: 'Claim my offer' }).click();
  await expect(page.getByText('Tick the box to agree')).toBeVisible();
  await page.getByLabel('Your name').fill(friend.name);
  await page.getByLabel('Phone number').fill(friend.phone);
  await page.getByLabel('Email (optional)').fill(friend.email);
  await page.getByLabel(/I agree that Economy Plumbing Services may call/).check();
  await page.waitForTimeout(3000);
  await page.getByRole('button', { name: 'Claim my offer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We will call you to book' })).toBeVisible();

  // The referrer tries to refer themselves: stored, flagged for staff.
  const self = await page.request.post('/api/referral-offer', { headers: { Origin: baseURL! }, data: { name: `Marisol Again ${suffix}`, phone: '512-555-0000', email: customer.email, consent: true, code, formStartTime: Date.now() - 10_000 } });
  expect(self.status()).toBe(200);

  await signInWithAdminLink(page, await newStaffEmail('staff'), baseURL!);
  // The friend becomes a customer with a paid $250 job, entered by staff.
  const made = await page.request.post('/api/admin/customers', { headers: { Origin: baseURL! }, data: { name: friend.name, email: friend.email, phone: friend.phone, company: '', notes: '' } });
  expect(made.status(), await made.text()).toBe(200);
  const friendId = ((await made.json()) as { publicId: string }).publicId;
  const job = await page.request.post('/api/admin/jobs', { headers: { Origin: baseURL! }, data: { customerId: friendId, addressId: null, service: 'Water heater repair', completedAt: '2026-11-20', invoiceTotal: '250', paidAt: '2026-11-21', notes: '', externalId: '' } });
  expect(job.status(), await job.text()).toBe(200);

  await page.goto('/admin/referrals');
  const friendRow = page.getByRole('row').filter({ hasText: friend.name });
  await expect(friendRow).toContainText('credited');
  await expect(friendRow).toContainText(`Marisol Vega-${suffix} Test`);
  await expect(friendRow).toContainText('$250.00');
  const selfRow = page.getByRole('row').filter({ hasText: `Marisol Again ${suffix}` });
  await expect(selfRow).toContainText('flagged');
  await expect(selfRow).toContainText('Self-referral');
  const ledger = page.getByRole('region', { name: 'Credits ledger' });
  const creditRow = ledger.getByRole('row').filter({ hasText: `Marisol Vega-${suffix} Test` });
  await expect(creditRow).toContainText('$25.00');
  await creditRow.getByRole('button', { name: `Mark used: the credit of Marisol Vega-${suffix} Test` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Where it was used (invoice or visit)').fill(`Invoice ${suffix}`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Mark used' }).click();
  await expect(creditRow).toContainText(`Invoice ${suffix}`);
  await expect(page.getByRole('region', { name: 'Clicks and conversions per code' }).getByRole('row').filter({ hasText: code })).toContainText(/1\s*2\s*1/);

  const db = e2eDb();
  try {
    const queued = await db.selectFrom('outbox_messages').select(['payload']).where('topic', '=', 'customer-referral-credit').execute();
    expect(queued.filter((m) => m.payload.to === customer.email)).toHaveLength(1);
  } finally {
    await db.destroy();
  }
  // The outbox worker (every minute on the served site) sends it: the referrer's credit email arrives once
  // (besides the thank-you they got when the friend claimed the offer).
  const toReferrer = new RegExp(`^To: .*${customer.email!.replace(/[.+]/g, '\\$&')}`, 'm');
  await expect.poll(async () => (await staffMailsContaining(customer.email!)).filter((m) => toReferrer.test(m) && /^Subject: You earned a \$25/m.test(m)).length, { timeout: 100_000, intervals: [2000] }).toBe(1);
  await expectNoAxeViolations(page);
});

test('the referral pages and the admin screen pass axe at both widths; screenshots', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const { code } = await newReferrer(Math.random().toString(36).slice(2, 7));
  await page.goto(`/ref/${code}`);
  await expect(page.getByText('Marisol sent you this offer.')).toBeVisible();
  await hydratedForm(page, 'Claim my offer');
  await expectNoAxeViolations(page);
  await shot(page, 'referral-offer');
  await page.getByRole('button', { name: 'Claim my offer' }).click();
  await expect(page.getByText('Enter your full name.')).toBeVisible();
  await expectNoAxeViolations(page);

  // An unknown code (for a visitor without an earlier referral cookie): the same offer, no name, no error page.
  await page.context().clearCookies();
  await page.goto('/ref/NOTACODE');
  await expect(page).toHaveURL(/\/referral-offer$/);
  await expect(page.getByText('A friend sent you this offer.')).toBeVisible();

  await page.goto('/refer-a-friend');
  await expect(page.getByRole('link', { name: 'Sign in to the customer portal' })).toHaveAttribute('href', '/customer-portal');
  await hydratedForm(page, 'Refer my friend');
  await expectNoAxeViolations(page);
  await shot(page, 'refer-a-friend');
  await page.getByRole('button', { name: 'Refer my friend' }).click();
  await expect(page.getByText('Enter your friend\'s name.')).toBeVisible();
  await expectNoAxeViolations(page);

  await signInWithAdminLink(page, await newStaffEmail('staff'), baseURL!);
  await page.goto('/admin/referrals');
  await expect(page.getByRole('heading', { name: 'Credits ledger' })).toBeVisible();
  await expect(page.getByText(/\d+ referrals/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, 'admin-referrals');
});
