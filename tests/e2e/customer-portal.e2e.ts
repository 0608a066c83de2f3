/**
 * /customer-portal through the real functions and database: a customer who bought a membership in
 * the store (an order request without Stripe, marked paid by staff) signs in with the emailed code,
 * sees the membership with its renew link, adds, corrects and removes an address (focus following,
 * the membership's address saying why it stays), signs out with the header's Sign out (shown only while
 * signed in), then signs in again through the emailed link, whose page needs a button press. The page
 * loads its script on the first touch of the form; a browser that signed in before opens the account
 * without one, showing "Opening…" rather than the form until then.
 * axe finds nothing signed out or in; screenshots at 1280 and 390 px in /tmp/shots-portal.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, newStaffEmail, signInWithAdminLink } from '../support/admin-e2e';
import { orderBody, readableMail } from '../support/checkout-requests';
import { newPublicId } from '../../src/server/services/public-id';
import { e2eDb } from '../support/e2e-db';
import { staffMailsContaining } from '../support/staff-mail';

const shots = '/tmp/shots-portal';
/** The portal island's own script (what `client:interaction` holds back until the form is touched). */
const portalScript = /\/_astro\/CustomerPortal\.[\w-]+\.js$/;

/** The portal sign-in email to `email` whose code is not among `seen`: its code and its link. */
async function signInMail(email: string, seen: readonly string[] = []): Promise<{ code: string; link: string }> {
  let fresh: string | undefined;
  await expect.poll(async () => {
    const mails = (await staffMailsContaining(`To: ${email}`)).map(readableMail).filter((m) => m.includes('/customer-portal?'));
    fresh = mails.find((m) => !seen.includes(/sign-in code is (\d{6})/.exec(m)?.[1] ?? ''));
    return fresh !== undefined;
  }, { timeout: 15_000 }).toBe(true);
  const code = /sign-in code is (\d{6})/.exec(fresh!)![1]!;
  const link = /(https?:\/\/\S+\/customer-portal\?email=[^\s"<>]+)/.exec(fresh!)![1]!.replace(/&amp;/g, '&');
  expect(new URL(link).searchParams.get('code')).toBe(code);
  return { code, link };
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/${name}-${width}-top.png` });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  // The phone-width page in screen-sized parts, readable one at a time.
  await page.setViewportSize({ width: 390, height: 844 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, part = 1; y < height; y += 1200, part++) {
    await page.screenshot({ path: `${shots}/${name}-390-part${part}.png`, fullPage: true, clip: { x: 0, y, width: 390, height: Math.min(1200, height - y) } });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a customer who bought a membership signs in with the emailed code or link and sees it', async ({ page, browser, baseURL, isMobile }) => {
  test.skip(isMobile, 'the flow runs once; the phone width is shot inside it');
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `portal.${suffix}@example.com`;
  const name = `Paula Member ${suffix}`;
  // An address no earlier run bought this plan for (one active membership per plan and address).
  const street = `${Math.floor(Math.random() * 90000) + 1000} Congress Avenue`;

  // The store purchase: an order request (no Stripe key), then staff mark it paid.
  const ordered = await page.request.post('/api/checkout', {
    headers: { 'Idempotency-Key': randomUUID(), Referer: `${baseURL}/store/checkout/silver-vip-tank` },
    data: orderBody({ name, email, items: [{ slug: 'silver-vip-tank', quantity: 1, serviceAddress: { line1: street, city: 'Austin', state: 'TX', zip: '78701' } }], phone: `512-555-${String(Math.floor(Math.random() * 9000) + 1000)}` }),
  });
  expect(ordered.status(), await ordered.text()).toBe(200);
  const { orderNumber } = (await ordered.json()) as { orderNumber: string };
  const db = e2eDb();
  const { public_id } = await db.selectFrom('orders').select('public_id').where('order_number', '=', orderNumber).executeTakeFirstOrThrow();
  await db.destroy();
  await signInWithAdminLink(page, await newStaffEmail(), baseURL!);
  const paid = await page.request.patch(`/api/admin/orders/${public_id}`, { headers: { Origin: new URL(baseURL!).origin }, data: { action: 'mark-paid', note: 'Card taken by phone.' } });
  expect(paid.status(), await paid.text()).toBe(200);

  const customer = await (await browser.newContext({ baseURL })).newPage();
  await customer.goto('/customer-portal');
  await customer.getByRole('button', { name: 'Decline' }).click();
  const signOut = customer.locator('header').getByRole('button', { name: 'Sign out' });
  await expect(customer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(signOut).toBeHidden();
  await expectNoAxeViolations(customer);
  await shoot(customer, 'sign-in');

  // An email we do not know gets the same answer as one we do.
  await customer.getByLabel('Email').fill(`stranger.${suffix}@example.com`);
  await customer.getByRole('button', { name: 'Email me a sign-in link and code' }).click();
  await expect(customer.getByRole('status')).toHaveText(`If we know stranger.${suffix}@example.com, we just sent it a link and a 6-digit code. They work for 10 minutes.`);
  await customer.getByRole('button', { name: 'Use another email or get a new code' }).click();

  await customer.getByLabel('Email').fill(email);
  await customer.getByRole('button', { name: 'Email me a sign-in link and code' }).click();
  await expect(customer.getByRole('status')).toHaveText(`If we know ${email}, we just sent it a link and a 6-digit code. They work for 10 minutes.`);
  const code = customer.getByLabel('6-digit code from the email');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expectNoAxeViolations(customer);
  const first = await signInMail(email);
  await code.fill('000000' === first.code ? '111111' : '000000');
  await customer.getByRole('button', { name: 'Sign in' }).click();
  await expect(customer.getByRole('alert')).toContainText('That code is not right');
  await code.fill(first.code);
  await customer.getByRole('button', { name: 'Sign in' }).click();

  const memberships = customer.getByRole('region', { name: 'Memberships' });
  await expect(memberships.getByText('Silver VIP Membership (Tank Water Heater)', { exact: true })).toBeVisible();
  await expect(memberships.getByText(street, { exact: false })).toBeVisible();
  await expect(memberships.getByText('0 of 1 used')).toBeVisible();
  await expect(memberships.getByRole('link', { name: /^Renew/ })).toHaveAttribute('href', /\/store\/checkout\/silver-vip-tank\?renew=/);
  await expect(customer.getByRole('region', { name: 'Orders' }).getByText(orderNumber)).toBeVisible();
  await expect(customer.getByText(`Signed in as ${name}`)).toBeVisible();
  await expect(signOut).toBeVisible();
  await expectNoAxeViolations(customer);

  // The customer's own details and a new address.
  const details = customer.getByRole('region', { name: 'Your details' });
  await details.getByLabel('Phone').fill('call me');
  await details.getByRole('button', { name: 'Save my details' }).click();
  await expect(details.getByText(/10-digit phone number/)).toBeVisible();
  await details.getByLabel('Phone').fill('(512) 555-0177');
  await details.getByRole('button', { name: 'Save my details' }).click();
  await expect(details.getByRole('status')).toHaveText('Your details are saved.');
  const addresses = customer.getByRole('region', { name: 'Service addresses' });
  await addresses.getByLabel('Street address').fill('12 Lakeshore Drive');
  await addresses.getByLabel('City').fill('Marble Falls');
  await addresses.getByLabel('ZIP code').fill('78654');
  await addresses.getByRole('button', { name: 'Add address' }).click();
  await expect(addresses.getByText('12 Lakeshore Drive, Marble Falls, TX 78654')).toBeVisible();

  // The membership's address says why it has no Remove button; the new one is corrected, then removed.
  await expect(addresses.getByText('Your Silver VIP Membership (Tank Water Heater) covers this address, so it cannot be removed while the membership lasts.')).toBeVisible();
  await expect(addresses.getByRole('button', { name: /^Remove / })).toHaveCount(1);
  await addresses.getByRole('button', { name: 'Change 12 Lakeshore Drive, Marble Falls, TX 78654' }).click();
  const change = addresses.getByRole('form', { name: 'Change 12 Lakeshore Drive' });
  await expect(change.getByLabel('Street address')).toBeFocused();
  await change.getByLabel('ZIP code').fill('7865');
  await change.getByRole('button', { name: 'Save address' }).click();
  await expect(change.getByText(/5-digit ZIP code/)).toBeVisible();
  await expectNoAxeViolations(customer);
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(addresses.getByRole('button', { name: 'Change 12 Lakeshore Drive, Marble Falls, TX 78654' })).toBeFocused();
  await addresses.getByRole('button', { name: 'Change 12 Lakeshore Drive, Marble Falls, TX 78654' }).click();
  await addresses.getByRole('form', { name: 'Change 12 Lakeshore Drive' }).getByLabel('Street address').fill('14 Lakeshore Drive');
  await addresses.getByRole('button', { name: 'Save address' }).click();
  const addressStatus = addresses.locator('[data-address-status]');
  await expect(addressStatus).toHaveText('The address is saved.');
  await expect(addressStatus).toBeFocused();
  await expect(addresses.getByText('14 Lakeshore Drive, Marble Falls, TX 78654', { exact: true })).toBeVisible();
  await addresses.getByRole('button', { name: 'Remove 14 Lakeshore Drive, Marble Falls, TX 78654' }).click();
  await expect(addresses.getByRole('button', { name: 'Yes, remove it: 14 Lakeshore Drive, Marble Falls, TX 78654' })).toBeFocused();
  await expectNoAxeViolations(customer);
  await shoot(customer, 'address-remove');
  await addresses.getByRole('button', { name: 'Keep it' }).click();
  await expect(addresses.getByRole('button', { name: 'Remove 14 Lakeshore Drive, Marble Falls, TX 78654' })).toBeFocused();
  await addresses.getByRole('button', { name: 'Remove 14 Lakeshore Drive, Marble Falls, TX 78654' }).click();
  await addresses.getByRole('button', { name: 'Yes, remove it: 14 Lakeshore Drive, Marble Falls, TX 78654' }).click();
  await expect(addressStatus).toHaveText('14 Lakeshore Drive, Marble Falls, TX 78654 is removed from your account.');
  await expect(addressStatus).toBeFocused();
  await expect(addresses.getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(customer);
  await shoot(customer, 'signed-in');

  // A new booking starts with the customer's own details (handed over in the form's session draft).
  await customer.getByRole('link', { name: 'Book a visit' }).click();
  await customer.waitForURL(/\/schedule-appointment/);
  const booking = customer.locator('#book');
  await expect(booking.getByLabel('Full Name')).toHaveValue(name);
  await expect(booking.getByLabel('Phone Number')).toHaveValue('(512) 555-0177');
  await expect(booking.getByLabel('Email')).toHaveValue(email);
  await expect(booking.getByLabel('ZIP code')).toHaveValue('78701');
  expect(customer.url(), 'no personal details in the address').not.toContain(encodeURIComponent(email));
  // This browser signed in here before: the account opens without a touch, and until the island is
  // live the page says it is opening the portal (never showing the sign-in form).
  let release!: () => void;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await customer.route(portalScript, async (route) => { await held; await route.continue(); });
  await customer.goto('/customer-portal');
  await expect(customer.getByText('Opening the customer portal…')).toBeVisible();
  await expect(customer.getByRole('heading', { name: 'Sign in' })).toBeHidden();
  release();
  await expect(customer.getByText(`Signed in as ${name}`)).toBeVisible();
  await expect(customer.getByText('Opening the customer portal…')).toBeHidden();
  await customer.unroute(portalScript);

  await signOut.click();
  await expect(customer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(signOut).toBeHidden();
  await expect(customer.getByRole('status')).toHaveText('You are signed out.');
  await customer.reload();
  await expect(customer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // A mark left from an earlier sign-in whose session is gone: the check finds no session, the form
  // comes back and the mark is dropped.
  await customer.evaluate(() => localStorage.setItem('portal-signed-in', '1'));
  await customer.reload();
  await expect(customer.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(customer.getByText('Opening the customer portal…')).toBeHidden();
  await expect.poll(() => customer.evaluate(() => localStorage.getItem('portal-signed-in'))).toBeNull();

  // The emailed link: the page opens with the code filled in, and only the button signs in.
  await customer.getByLabel('Email').fill(email);
  await customer.getByRole('button', { name: 'Email me a sign-in link and code' }).click();
  const second = await signInMail(email, [first.code]);
  await customer.goto(second.link);
  await expect(customer.getByLabel('6-digit code from the email')).toHaveValue(second.code);
  expect(new URL(customer.url()).search, 'the code leaves the address bar').toBe('');
  await expect(signOut).toBeHidden();
  await customer.getByRole('button', { name: 'Sign in' }).click();
  await expect(customer.getByRole('region', { name: 'Memberships' }).getByText('Silver VIP Membership (Tank Water Heater)', { exact: true })).toBeVisible();
  await expect(signOut).toBeVisible();

  // The header's Sign out exists on the portal only.
  await customer.goto('/store');
  await expect(customer.locator('[data-portal-sign-out]')).toHaveCount(0);
  await customer.close();
});

test('signed out, the portal asks for an email, hides Sign out, logs no error and is axe clean at this width', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (message) => { if (message.type() === 'error') consoleErrors.push(message.text()); });
  await page.goto('/customer-portal');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
  await expect(page.locator('[data-portal-sign-out]')).toBeHidden();
  await page.getByRole('button', { name: 'Email me a sign-in link and code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter the email address you gave us, like name@example.com.');
  await expectNoAxeViolations(page);
});

test('signed out, the portal loads its script only when the form is touched; an email typed and sent at once gets its answer', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => { if (portalScript.test(request.url())) scripts.push(request.url()); });
  await page.goto('/customer-portal');
  // Past the after-paint scripts' 3 s: a visitor who only reads the page never loads React.
  await page.waitForTimeout(4_000);
  expect(scripts).toEqual([]);
  await expect(page.locator('astro-island[client="interaction"]')).toHaveAttribute('ssr', '');
  const email = `early.${Math.random().toString(36).slice(2, 8)}@example.com`;
  await page.getByLabel('Email').pressSequentially(email);
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByRole('status')).toHaveText(`If we know ${email}, we just sent it a link and a 6-digit code. They work for 10 minutes.`);
  expect(scripts.length).toBeGreaterThan(0);
  await expect(page.getByLabel('6-digit code from the email')).toBeFocused();
});

test('a link with a code but no email opens on the sign-in form, not on "Opening…" until the 8 s fallback', async ({ page }) => {
  await page.goto('/customer-portal?code=123456');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByText('Opening the customer portal…')).toBeHidden();
});

test('several customer records with one email: the customer chooses which account to open', async ({ page, isMobile }) => {
  test.skip(isMobile, 'the choice is shot at both widths in one run');
  mkdirSync(shots, { recursive: true });
  const suffix = Math.random().toString(36).slice(2, 8);
  const email = `two.accounts.${suffix}@example.com`;
  const db = e2eDb();
  try {
    for (const [name, company] of [[`Rita Home ${suffix}`, null], [`Rita Rentals ${suffix}`, 'Rita Rentals LLC']] as const) {
      await db.insertInto('customers').values({ public_id: newPublicId(), name, email, phone: null, phone_digits: null, company, property_type: null }).execute();
    }
  } finally {
    await db.destroy();
  }
  await page.goto('/customer-portal');
  await page.getByRole('button', { name: 'Decline' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in link and code' }).click();
  const { code } = await signInMail(email);
  await page.getByLabel('6-digit code from the email').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(2);
  await expect(page.locator('[data-portal-sign-out]')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'choose-account');
  await page.getByRole('radio', { name: new RegExp(`Rita Rentals ${suffix}`) }).check();
  await page.getByRole('button', { name: 'Open this account' }).click();
  await expect(page.getByText(`Signed in as Rita Rentals ${suffix}`)).toBeVisible();
  await page.getByRole('button', { name: 'Switch account' }).click();
  await page.getByRole('radio', { name: new RegExp(`Rita Home ${suffix}`) }).check();
  await page.getByRole('button', { name: 'Open this account' }).click();
  await expect(page.getByText(`Signed in as Rita Home ${suffix}`)).toBeVisible();
});
