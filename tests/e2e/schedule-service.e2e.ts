/**
 * A visitor schedules service: every Schedule Service button opens the scheduler; without a
 * third-party widget the built-in booking dialog (in or out of the service area); with one, the
 * widget, or SPEC §8's alert when it never becomes ready. Keyboard and axe in each state.
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

/** The Schedule Service button a visitor sees first: the header's on desktop, the hero's on a phone. */
function scheduleButton(page: Page, isMobile: boolean) {
  return isMobile ? page.locator('main').getByRole('link', { name: 'Schedule Service' }).first() : page.locator('header').getByRole('link', { name: 'Schedule Service' }).first();
}

async function openBookingDialog(page: Page, isMobile: boolean) {
  await page.goto('/');
  await scheduleButton(page, isMobile).click();
  const dialog = page.getByRole('dialog', { name: 'Request a visit' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('the built-in booking dialog', () => {
  test('opens from Schedule Service, keeps focus inside, and Escape returns focus to the button', async ({ page, isMobile }) => {
    const dialog = await openBookingDialog(page, isMobile);
    await expect(dialog.getByRole('heading', { name: 'Request a visit' })).toBeFocused();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
    }
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(scheduleButton(page, isMobile)).toBeFocused();
  });

  test('a click that comes before the launcher script has loaded is held and opens the dialog', async ({ page, isMobile }) => {
    // The launcher starts after the first paint; make it slow to arrive so the click wins the race.
    await page.route(/SchedulerLauncher[^/]*\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await scheduleButton(page, isMobile).click();
    await expect(page.getByRole('dialog', { name: 'Request a visit' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('without JavaScript, Schedule Service is a link to the booking page', async ({ browser, isMobile }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: isMobile ? { width: 390, height: 844 } : { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto('/');
    for (const href of await page.locator('a[data-open-scheduler]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toBe('/schedule-appointment');
    }
    await scheduleButton(page, isMobile).click();
    await expect(page).toHaveURL(/\/schedule-appointment$/);
    await context.close();
  });

  test('books a visit in the area: names the office, confirms on screen and emails the office once', async ({ page, isMobile }) => {
    const id = token();
    const dialog = await openBookingDialog(page, isMobile);
    await dialog.getByLabel('Service needed').selectOption('drain');
    await dialog.getByLabel('ZIP code *').fill('78654');
    await expect(dialog.getByText('We serve Marble Falls and Granite Shoals: your visit would come from our Marble Falls office.')).toBeVisible();

    const day = dialog.getByLabel('Preferred day *');
    const options = await day.locator('option').allTextContents();
    expect(options).toHaveLength(15);
    expect(options.filter((o) => o.endsWith('(by appointment)')).length).toBeGreaterThanOrEqual(4);
    const weekday = options.slice(1).find((o) => !o.endsWith('(by appointment)'))!;
    await day.selectOption({ label: weekday });
    await dialog.getByLabel('Afternoon, 12:00 PM – 5:30 PM').check();
    await dialog.getByLabel('Full Name *').fill(`Bo ${id}`);
    await dialog.getByLabel('Phone Number *').fill('830-555-0177');
    await dialog.getByLabel('Notes for the plumber').fill('Kitchen sink backs up. Gate code 1234.');
    await page.waitForTimeout(3100);
    await dialog.getByRole('button', { name: 'Request this visit' }).click();

    await expect(dialog.getByRole('heading', { name: 'Request received' })).toBeFocused();
    await expect(dialog).toContainText(`We have your request for ${weekday}, afternoon, 12:00 pm – 5:30 pm, at ZIP code 78654.`);
    await expect(dialog).toContainText('Our Marble Falls office will call you at 830-555-0177');
    await expect(dialog).toContainText(/Your reference is EPS-[0-9A-Z]{6}/);
    await expectNoAxeViolations(page);

    await expect.poll(() => staffMailsContaining(id).then((m) => m.length), { timeout: 10_000 }).toBe(1);
    const [mail] = await staffMailsContaining(id);
    expect(mail).toContain('Office: Marble Falls');
    expect(mail).toContain('ZIP code: 78654');

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });

  test('a ZIP code outside the area is named as such, with the phone numbers, and cannot be booked', async ({ page, isMobile }) => {
    const id = token();
    const dialog = await openBookingDialog(page, isMobile);
    await dialog.getByLabel('ZIP code *').fill('75201');
    const answer = dialog.locator('[data-zip-answer]');
    await expect(answer).toContainText('ZIP code 75201 is outside the 16 cities we serve, so we cannot book it online.');
    await expect(answer.getByRole('link', { name: '(512) 368-9159' })).toHaveAttribute('href', 'tel:+15123689159');
    await expect(answer.getByRole('link', { name: '(830) 460-3565' })).toHaveAttribute('href', 'tel:+18304603565');
    await expectNoAxeViolations(page);

    await dialog.getByLabel('Preferred day *').selectOption({ index: 2 });
    await dialog.getByLabel('Any time that day').check();
    await dialog.getByLabel('Full Name *').fill(`Far ${id}`);
    await dialog.getByLabel('Phone Number *').fill('214-555-0100');
    await dialog.getByRole('button', { name: 'Request this visit' }).click();
    await expect(dialog.getByText('We do not serve ZIP code 75201. Call our Austin office at (512) 368-9159 and we will tell you who can help.')).toBeVisible();
    await expect(dialog.getByLabel('ZIP code *')).toBeFocused();
    await page.waitForTimeout(1000);
    expect(await staffMailsContaining(id)).toHaveLength(0);
  });

  test('missing choices are named and the first one is focused', async ({ page, isMobile }) => {
    const dialog = await openBookingDialog(page, isMobile);
    await dialog.getByRole('button', { name: 'Request this visit' }).click();
    await expect(dialog.getByText('Enter the ZIP code of the address.')).toBeVisible();
    await expect(dialog.getByText('Choose the day you would like us to come.')).toBeVisible();
    await expect(dialog.getByText('Choose an arrival window.')).toBeVisible();
    await expect(dialog.getByText('Enter your full name.')).toBeVisible();
    await expect(dialog.getByLabel('ZIP code *')).toBeFocused();
    await expectNoAxeViolations(page);
  });
});

test.describe('the booking page', () => {
  test('hosts the booking form, and Schedule Service there takes you to it', async ({ page, isMobile }) => {
    await page.goto('/schedule-appointment');
    const inline = page.locator('[data-booking-inline]');
    await expect(inline.getByRole('heading', { name: 'Request a visit' })).toBeVisible();
    await inline.scrollIntoViewIfNeeded();
    await expect(page.locator('astro-island').filter({ has: page.locator('[data-booking-form]') })).not.toHaveAttribute('ssr');
    await page.evaluate(() => window.scrollTo(0, 0));
    await scheduleButton(page, isMobile).click();
    await expect(inline.getByLabel('Service needed')).toBeFocused();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

/** Serves pages as if the site were built with PUBLIC_SCHEDULER_SCRIPT_URL set, and the widget script from `widgetSource`. */
async function withThirdPartyWidget(page: Page, widgetSource: string) {
  const widgetUrl = '/__test/scheduler-widget.js';
  await page.route(widgetUrl, (route) => route.fulfill({ contentType: 'text/javascript', body: widgetSource }));
  await page.route(/\/($|\?)/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await route.fetch();
    const config = JSON.stringify({ src: new URL(widgetUrl, route.request().url()).toString(), apiKey: 'test-key', schedulerId: 'test-scheduler' });
    const html = (await response.text()).replace('</body>', `<script type="application/json" id="scheduler-config">${config}</script></body>`);
    await route.fulfill({ response, body: html, headers: { ...response.headers(), 'content-type': 'text/html; charset=utf-8', 'content-encoding': '' } });
  });
}

test.describe('with a third-party scheduler configured', () => {
  test('a widget that never becomes ready gives the SPEC alert with both numbers after 5 s, and the built-in booking', async ({ page, isMobile }) => {
    await withThirdPartyWidget(page, 'window.dummySchedulerLoaded = true;');
    await page.goto('/');
    const started = Date.now();
    await scheduleButton(page, isMobile).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule service' });
    await expect(dialog.getByText('Opening the online scheduler…')).toBeVisible();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('Online scheduler is temporarily unavailable. Please call us directly:', { timeout: 10_000 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(4500);
    await expect(alert.getByRole('link', { name: '(512) 368-9159' })).toBeVisible();
    await expect(alert.getByRole('link', { name: '(830) 460-3565' })).toBeVisible();
    await expect(alert).toContainText('refresh the page');
    expect(await page.evaluate(() => (window as unknown as { dummySchedulerLoaded?: boolean }).dummySchedulerLoaded)).toBe(true);
    expect(await page.locator('script[data-api-key="test-key"][data-schedulerid="test-scheduler"]').count()).toBe(1);
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Request a visit instead' }).click();
    await expect(page.getByRole('dialog', { name: 'Request a visit' }).getByLabel('ZIP code *')).toBeVisible();
  });

  test('a widget script that fails to load gives the alert at once', async ({ page, isMobile }) => {
    await withThirdPartyWidget(page, '');
    // Registered last, so it answers first: the script is missing.
    await page.route('/__test/scheduler-widget.js', (route) => route.fulfill({ status: 404, body: 'not found' }));
    await page.goto('/');
    const started = Date.now();
    await scheduleButton(page, isMobile).click();
    await expect(page.getByRole('dialog', { name: 'Schedule service' }).getByRole('alert')).toContainText('Online scheduler is temporarily unavailable.');
    expect(Date.now() - started).toBeLessThan(4000);
  });

  test('a widget that becomes ready is opened, and the built-in dialog steps aside', async ({ page, isMobile }) => {
    await withThirdPartyWidget(page, `
      setTimeout(() => {
        window.STWidgetManager = (command) => {
          if (command !== 'ws-open') return;
          const panel = document.createElement('div');
          panel.setAttribute('role', 'dialog');
          panel.setAttribute('aria-label', 'Test scheduler widget');
          panel.textContent = 'Pick a time';
          document.body.append(panel);
        };
      }, 400);`);
    await page.goto('/');
    await scheduleButton(page, isMobile).click();
    await expect(page.getByRole('dialog', { name: 'Test scheduler widget' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Schedule service' })).toBeHidden();
  });
});
