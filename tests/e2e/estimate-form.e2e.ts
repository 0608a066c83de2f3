/**
 * A visitor asks for a free estimate: through the real served function and database to the staff
 * email. Success, validation, the spam trap, retries after failures (stored once), a database
 * that does not answer, the toasts, and axe in every state.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { staffMailsContaining } from '../support/staff-mail';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const token = () => Math.random().toString(36).slice(2, 8);

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
}

/** Opens the page, scrolls to the estimate form and waits until it is interactive. */
async function openForm(page: Page, path = '/contact') {
  await page.goto(path);
  const form = page.locator('[data-estimate-form]');
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island').filter({ has: form })).not.toHaveAttribute('ssr');
  return form;
}

async function fillForm(page: Page, name: string, message = 'The water heater in the garage is leaking from the bottom.') {
  const form = page.locator('[data-estimate-form]');
  await form.getByLabel('Full Name *').fill(name);
  await form.getByLabel('Phone Number *').fill('(512) 555-0142');
  await form.getByLabel('Email').fill('visitor@example.com');
  await form.getByLabel('Service needed').selectOption('water-heater');
  await form.getByLabel('Location').selectOption('round-rock');
  await form.getByLabel('How urgent is it?').selectOption('urgent');
  await form.getByLabel('Describe the problem').fill(message);
}

/** People take more than 3 s to fill a form; the server treats faster ones as spam (issue 4). */
const humanPause = (page: Page) => page.waitForTimeout(3100);

test.describe('the estimate form', () => {
  test('sends a request: Submitting..., a success notice, a cleared form and one email to the office', async ({ page }) => {
    const id = token();
    const form = await openForm(page, '/');
    await fillForm(page, `Ana ${id}`);
    await expect(form.getByText('58/500 characters')).toBeVisible();
    await humanPause(page);

    // Hold the request briefly so the submitting state can be seen.
    await page.route('**/api/contact', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Send my request' }).click();
    await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();

    const toast = page.getByRole('status').filter({ hasText: 'Success!' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Thank you for contacting us! We'll get back to you soon.");
    await expect(form.getByLabel('Full Name *')).toHaveValue('');
    await expect(form.getByLabel('Describe the problem')).toHaveValue('');
    await expect(form.getByText('0/500 characters')).toBeVisible();
    await expect(form.getByText(/Request sent\. Your reference is EPS-/)).toBeVisible();
    await expectNoAxeViolations(page);

    await expect.poll(() => staffMailsContaining(id).then((m) => m.length), { timeout: 10_000 }).toBe(1);
    const [mail] = await staffMailsContaining(id);
    expect(mail).toContain('Sent from: Home Page');
    expect(mail).toContain('Location: Round Rock');
  });

  test('names each missing or wrong field, focuses the first and sends nothing', async ({ page }) => {
    const form = await openForm(page);
    let sent = 0;
    await page.route('**/api/contact', (route) => {
      sent++;
      return route.continue();
    });
    await form.getByLabel('Email').fill('not-an-email');
    await form.getByRole('button', { name: 'Send my request' }).click();
    await expect(form.getByText('Enter your full name.')).toBeVisible();
    await expect(form.getByText('Enter your phone number so we can call you back.')).toBeVisible();
    await expect(form.getByText('Enter a valid email address, or leave this empty.')).toBeVisible();
    await expect(form.getByLabel('Full Name *')).toBeFocused();
    await expect(form.getByLabel('Full Name *')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await form.getByLabel('Full Name *').fill('Ana');
    await expect(form.getByText('Enter your full name.')).toBeHidden();
    expect(sent).toBe(0);
  });

  test('the message stops at 500 characters and the counter follows', async ({ page }) => {
    const form = await openForm(page);
    await form.getByLabel('Describe the problem').fill('x'.repeat(520));
    await expect(form.getByLabel('Describe the problem')).toHaveValue('x'.repeat(500));
    await expect(form.getByText('500/500 characters')).toBeVisible();
  });

  test('a filled spam trap looks like success to the sender, but no one is emailed', async ({ page, isMobile }) => {
    test.skip(isMobile, 'what the server does with a spam trap does not depend on the width');
    const id = token();
    const form = await openForm(page);
    await fillForm(page, `Bot ${id}`);
    await form.locator('input[name="website"]').fill('https://cheap-pills.example', { force: true });
    await humanPause(page);
    await form.getByRole('button', { name: 'Send my request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toBeVisible();
    await page.waitForTimeout(1500);
    expect(await staffMailsContaining(id)).toHaveLength(0);
  });

  test('when the network fails, the text stays (even across a reload), Retry is offered, and the request is stored once', async ({ page }) => {
    const id = token();
    const form = await openForm(page);
    await fillForm(page, `Cy ${id}`);
    await humanPause(page);

    await page.route('**/api/contact', (route) => route.abort('internetdisconnected'));
    await form.getByRole('button', { name: 'Send my request' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect(alert).toContainText('Failed to submit form. Please try again.');
    await expect(form.getByText('Your request was not sent.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Retry' })).toBeFocused();
    await expect(form.getByLabel('Full Name *')).toHaveValue(`Cy ${id}`);
    await expectNoAxeViolations(page);

    // A reload does not lose what was typed.
    await page.unroute('**/api/contact');
    const again = await openForm(page);
    await expect(again.getByLabel('Full Name *')).toHaveValue(`Cy ${id}`);
    await expect(again.getByLabel('Describe the problem')).toHaveValue('The water heater in the garage is leaking from the bottom.');
    await again.getByRole('button', { name: 'Send my request' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toBeVisible();
    await expect.poll(() => staffMailsContaining(id).then((m) => m.length), { timeout: 10_000 }).toBe(1);
  });

  test('when the answer is lost after the request was stored, Retry reuses its key and the office gets one email', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the retry key is the server\'s: checked once, at desktop width');
    const id = token();
    const form = await openForm(page);
    await fillForm(page, `Di ${id}`);
    await humanPause(page);

    let attempts = 0;
    await page.route('**/api/contact', async (route) => {
      attempts++;
      if (attempts === 1) {
        // The request reaches the server and is stored; the visitor's connection drops before the answer.
        await route.fetch();
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    });
    await form.getByRole('button', { name: 'Send my request' }).click();
    await expect(form.getByRole('button', { name: 'Retry' })).toBeVisible();
    await form.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toBeVisible();
    expect(attempts).toBe(2);
    await page.waitForTimeout(1000);
    await expect.poll(() => staffMailsContaining(id).then((m) => m.length), { timeout: 10_000 }).toBe(1);
  });

  test('an error from the server is shown as a destructive notice titled Error with its message', async ({ page }) => {
    const form = await openForm(page);
    await fillForm(page, `Ed ${token()}`);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: '429: You have sent several requests from this connection in the last few minutes, so we paused new ones. Please call us at (512) 368-9159, or try again in 10 minutes.' }) }));
    await form.getByRole('button', { name: 'Send my request' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect(alert).toContainText('429: You have sent several requests');
    await expect(alert.locator('[data-toast]')).toHaveAttribute('data-variant', 'destructive');
  });
});

test.describe('the notices', () => {
  async function showNotice(page: Page) {
    const form = await openForm(page);
    await fillForm(page, `Fi ${token()}`);
    await page.route('**/api/contact', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"ok":true,"reference":"EPS-TEST01"}' }));
    await form.getByRole('button', { name: 'Send my request' }).click();
    const notice = page.locator('[data-toast]').filter({ hasText: 'Success!' });
    await expect(notice).toBeVisible();
    return notice;
  }

  test('appear at the top right and close by themselves after 5 seconds', async ({ page }) => {
    const notice = await showNotice(page);
    const box = (await notice.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(40);
    expect(box.x + box.width).toBeGreaterThan(viewport.width - 40);
    await page.mouse.move(0, viewport.height - 5);
    await expect(notice).toBeHidden({ timeout: 7000 });
  });

  test('F8 moves focus to the notifications region', async ({ page }) => {
    await showNotice(page);
    await page.keyboard.press('F8');
    await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeFocused();
  });

  test('a swipe right of more than 50 px dismisses one; a short one does not', async ({ page, isMobile }) => {
    const notice = await showNotice(page);
    const box = (await notice.boundingBox())!;
    const y = box.y + box.height / 2;
    // A finger on a phone (touch events through the DevTools protocol), the mouse on a desktop.
    const cdp = isMobile ? await page.context().newCDPSession(page) : undefined;
    const swipe = async (distance: number) => {
      const from = box.x + 20;
      if (cdp) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
        for (let step = 1; step <= 6; step++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + (distance * step) / 6, y }] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      } else {
        await page.mouse.move(from, y);
        await page.mouse.down();
        await page.mouse.move(from + distance, y, { steps: 6 });
        await page.mouse.up();
      }
    };
    await swipe(30);
    await page.waitForTimeout(300);
    await expect(notice).toBeVisible();
    await swipe(110);
    await expect(notice).toBeHidden();
  });

  test('the close button dismisses one, by keyboard too', async ({ page }) => {
    const notice = await showNotice(page);
    await notice.getByRole('button', { name: 'Close notification' }).focus();
    await page.keyboard.press('Enter');
    await expect(notice).toBeHidden();
  });
});

test.describe('when the database does not answer', () => {
  test('the visitor reads a clear message offering the phone, and keeps the typed form', async ({ page, isMobile }, testInfo) => {
    test.skip(isMobile, 'a database outage is the server\'s: checked once, at desktop width (the failed-network test shows the notice at both)');
    test.setTimeout(150_000);
    // A site of its own (desktop and mobile may run at once: one port each), whose database
    // connection runs through a proxy the test cuts.
    const site = await startSiteBehindProxy(4612 + testInfo.parallelIndex);
    try {
      await site.cutDatabase();
      await page.goto(`${site.url}/contact`);
      const form = page.locator('[data-estimate-form]');
      await form.scrollIntoViewIfNeeded();
      await expect(page.locator('astro-island').filter({ has: form })).not.toHaveAttribute('ssr');
      await fillForm(page, 'Gus Offline');
      await humanPause(page);
      await form.getByRole('button', { name: 'Send my request' }).click();

      const message = '503: We could not save your request because our system is not answering right now. Please call us at (512) 368-9159 (Austin) or (830) 460-3565 (Marble Falls).';
      await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(message);
      await expect(form.locator('[data-estimate-failure]')).toContainText(message);
      await expect(form.locator('[data-estimate-failure]')).toContainText('What you typed is still here.');
      await expect(form.getByLabel('Full Name *')).toHaveValue('Gus Offline');
      await expect(form.getByLabel('Describe the problem')).toHaveValue('The water heater in the garage is leaking from the bottom.');
      await expect(form.locator('[data-estimate-failure]').getByRole('link', { name: '(512) 368-9159' })).toHaveAttribute('href', 'tel:+15123689159');
      await expectNoAxeViolations(page);
    } finally {
      await site.stop();
    }
  });
});

/** Serves the built site on `port` with its database (a fresh schema on the local PostgreSQL) behind a cuttable proxy. */
async function startSiteBehindProxy(port: number) {
  const { spawn } = await import('node:child_process');
  const pg = (await import('pg')).default;
  const { startTcpProxy } = await import('../support/tcp-proxy');
  const admin = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = `e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`create schema ${schema}`);
  const target = new URL(admin);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(admin);
  url.port = String(proxy.port);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const server = spawn('npx', ['tsx', 'scripts/serve.ts'], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: url.toString(), NETLIFY_DATABASE_URL: '', DB_LABEL: '', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
    detached: true,
  });
  const base = `http://localhost:${port}`;
  const stop = async () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch { /* already gone */ }
    await proxy.cut().catch(() => {});
    await query(`drop schema if exists ${schema} cascade`).catch(() => {});
  };
  for (let i = 0; ; i++) {
    if (server.exitCode !== null || i > 240) {
      await stop();
      throw new Error(`The site on port ${port} did not start.`);
    }
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url: base, cutDatabase: () => proxy.cut(), stop };
}
