/**
 * Paying online: "Buy now" and the cart's checkout go through the real functions to a local server
 * speaking Stripe's protocol (tests/support/fake-stripe.ts), whose payment page sends the signed
 * webhook and returns the buyer to the success page, which shows paid only once the server says so.
 * Runs its own copy of the site (the built dist/, the real functions) on a fresh PostgreSQL schema,
 * with the Stripe variables set for it.
 */
import path from 'node:path';
import { expect as baseExpect, test } from '@playwright/test';
import { withScriptDb } from '../../scripts/lib/database-for-scripts';
import { seedProducts } from '../../src/server/repositories/product.repository';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { expectNoAxeViolations } from '../support/admin-e2e';
import { waitForMail } from '../support/checkout-requests';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { fillCheckout, islandsReady, storedCart } from '../support/store-e2e';
import { startTestSiteOnPostgres, type TestSite } from '../support/test-site';

const expect = baseExpect.configure({ timeout: 15_000 });
process.env.LOG_LEVEL ??= 'warn';
test.describe.configure({ mode: 'default', timeout: 120_000 });

let site: TestSite;
let stripe: FakeStripe;
let mailDir: string;
const savedEnv = { ...process.env };

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(180_000);
  // The bank's answer comes late enough for the success page to show processing first.
  stripe = await startFakeStripe({ asyncDelayMs: 10_000 });
  // Each project's worker migrates its own schema; PostgreSQL's migration lock is shared, so a
  // start that waited too long behind the other one is tried again.
  for (let attempt = 1; !site; attempt += 1) {
    try {
      site = await startTestSiteOnPostgres();
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  stripe.webhookUrl = `${site.site.url}/api/webhooks/stripe`;
  mailDir = path.join(site.dir, 'mail');
  Object.assign(process.env, stripe.env, { MAIL_DIR: mailDir, RATE_LIMIT_DISABLED: '1' });
  delete process.env.SMTP_URL;
  await withScriptDb(site.database, (db) => seedProducts(db));
});
test.afterAll(async () => {
  process.env = savedEnv;
  await site?.stop();
  await stripe?.stop();
});

test('Buy now: Stripe\'s payment page, then the success page shows paid once the webhook has confirmed it', async ({ page, isMobile }) => {
  const email = `buy-now-${isMobile ? 'mobile' : 'desktop'}@example.com`;
  await page.goto(`${site.site.url}/store/checkout/platinum-vip-tank`);
  await islandsReady(page);
  await fillCheckout(page, { name: 'Ana Díaz', phone: '(512) 555-0100', email });
  await page.getByLabel('Street address *').fill(`${isMobile ? 2 : 1}00 Congress Avenue`);
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/pay/cs_`));
  await expect(page.getByRole('heading', { name: 'Pay $319.77' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/store\/checkout\/success\?session_id=cs_/);
  const paid = page.locator('[data-order-status="paid"]');
  await expect(paid).toContainText('Payment received');
  await expect(paid).toContainText('Platinum VIP Membership (Tank Water Heater)');
  await expect(paid).toContainText('$319.77');
  await expect(paid).toContainText('schedule the first visit');
  expect(await waitForMail(mailDir, email)).not.toHaveLength(0);

  // The office sees the paid order and the membership it started, and was emailed about it.
  const orderNumber = (await page.getByText(/^Order EPS-\d+$/).textContent())!.replace('Order ', '');
  expect(await waitForMail(mailDir, orderNumber, 2), 'the buyer\'s receipt and the office\'s notice').toHaveLength(2);
  await signInAsStaff(page, `office-${isMobile ? 'mobile' : 'desktop'}@example.com`);
  await page.goto(`${site.site.url}/admin/orders`);
  const row = page.getByRole('row').filter({ hasText: orderNumber });
  await expect(row).toContainText('Ana Díaz');
  await expect(row).toContainText('$319.77');
  await expect(row).toContainText(/paid/i);
  await row.getByRole('button', { name: `Open order ${orderNumber}` }).click();
  const detail = page.getByRole('region', { name: `Order ${orderNumber}` });
  await expect(detail).toContainText('Platinum VIP Membership (Tank Water Heater)');
  await expect(detail).toContainText('Congress Avenue');
  await expect(detail).toContainText('cs_');
  await expectNoAxeViolations(page);
  await page.goto(`${site.site.url}/admin/memberships`);
  const membership = page.getByRole('row').filter({ hasText: `${isMobile ? 2 : 1}00 Congress Avenue` });
  await expect(membership).toContainText('Platinum VIP Membership (Tank Water Heater)');
  await expect(membership).toContainText(orderNumber);
});

/** Signs a new staff member in by the emailed code (the site writes mail to mailDir) and gives the page the session cookie. */
async function signInAsStaff(page: import('@playwright/test').Page, email: string): Promise<void> {
  await withScriptDb(site.database, (db) => upsertStaff(db, { email, role: 'staff', addedBy: 'e2e' }));
  const origin = site.site.url;
  const post = (p: string, body: unknown) => page.request.post(`${origin}${p}`, { headers: { Origin: origin }, data: body });
  expect((await post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' })).status()).toBe(200);
  const [mail] = await waitForMail(mailDir, `To: ${email}`);
  const otp = /sign-in code is (\d{6})/.exec(mail ?? '')?.[1];
  expect(otp, 'the sign-in email carries a 6-digit code').toBeTruthy();
  expect((await post('/api/auth/sign-in/email-otp', { email, otp })).status()).toBe(200);
}

test('the cart: a payment that succeeds later shows processing, then paid, and the cart is emptied', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the payment\'s later states are the server\'s: checked once, at desktop width (Buy now shows the success page at both)');
  await page.goto(`${site.site.url}/store`);
  await page.getByRole('button', { name: /Add to cart.*Silver VIP Membership \(Tankless/ }).click();
  await page.getByRole('button', { name: /Add to cart.*Bio-Pure/ }).click();
  await expect(page.locator('header [data-cart-link]')).toHaveAccessibleName('Cart: 2 items');
  await page.goto(`${site.site.url}/store/checkout/cart`);
  await islandsReady(page);
  await fillCheckout(page, { name: 'Cart Buyer', phone: '(512) 555-0103', email: 'cart-buyer@example.com' });
  await page.getByLabel('Street address *').first().fill('300 Lamar Blvd');
  await page.getByRole('button', { name: 'Place order' }).click();

  await expect(page.getByRole('heading', { name: 'Pay $241.65' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay by bank, succeeds later' }).click();
  await expect(page.locator('[data-order-status="processing"]')).toContainText('not confirmed yet');
  await expect(page.locator('[data-order-status="processing"]')).not.toContainText('Payment received');
  await expect(page.locator('[data-order-status="paid"]')).toContainText('Payment received', { timeout: 30_000 });
  expect(await storedCart(page)).toBeNull();
  await expect(page.locator('header [data-cart-link]')).toBeHidden();
});

test('a payment that fails later is never shown as paid', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the payment\'s later states are the server\'s: checked once, at desktop width (Buy now shows the success page at both)');
  await page.goto(`${site.site.url}/store/checkout/bio-pure-septic-drain-rv`);
  await islandsReady(page);
  await fillCheckout(page, { name: 'Bank Buyer', phone: '(512) 555-0104', email: 'bank-buyer@example.com' });
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.getByRole('button', { name: 'Pay by bank, fails later' }).click();
  await expect(page.locator('[data-order-status="processing"]')).toBeVisible();
  await expect(page.locator('[data-order-status="failed"]')).toContainText('The payment did not go through', { timeout: 30_000 });
});
