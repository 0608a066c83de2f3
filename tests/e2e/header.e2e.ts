/** The header menus work by mouse, keyboard and touch. */
import { expect, test } from '@playwright/test';

test.describe('desktop header', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop only');

  test('a dropdown opens on hover and shows its links', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Contact Form' })).toBeHidden();
    await nav.getByRole('button', { name: 'Contact' }).hover();
    await expect(nav.getByRole('link', { name: 'Contact Form' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Contact' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('a dropdown opens by keyboard, arrow moves into it, Escape closes it and returns focus', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const about = nav.getByRole('button', { name: 'About' });
    await about.focus();
    await page.keyboard.press('Enter');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'About Us' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'About Us' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(about).toBeFocused();
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'About Us' })).toBeHidden();
  });

  test('the header shows the Austin number and a Schedule Service button', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header').first();
    await expect(header.getByRole('link', { name: /Call our Austin office \(512\) 368-9159/ })).toHaveAttribute('href', 'tel:+15123689159');
    await expect(header.getByRole('link', { name: 'Schedule Service' }).first()).toBeVisible();
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
  });
});

test.describe('mobile menu', () => {
  test.skip(({ isMobile }) => !isMobile, 'phone only');

  test('opens by touch with both office numbers, expands a section, closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.tap();
    await expect(menu.getByRole('link', { name: /\(512\) 368-9159/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: /\(830\) 460-3565/ })).toBeVisible();
    const areas = menu.getByRole('button', { name: 'Areas' });
    await areas.tap();
    await expect(areas).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: 'Kyle' }).tap();
    await expect(page).toHaveURL(/\/plumber-kyle$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();
  });

  test('sections expand by keyboard', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main' });
    const services = menu.getByRole('button', { name: 'Services' });
    await services.focus();
    await page.keyboard.press('Enter');
    await expect(services).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Drain Cleaning' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.getByRole('link', { name: 'Drain Cleaning' })).toBeHidden();
  });
});

test.describe('one navigation for both layouts', () => {
  test('the header has a single nav, and its links are in the HTML without JavaScript', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    const header = html.match(/<header[\s\S]*?<\/header>/)![0];
    expect(header.match(/<nav\b/g)).toHaveLength(1);
    expect(header.match(/href="\/plumber-kyle"/g)).toHaveLength(1);
    await page.goto('/');
    await expect(page.locator('header nav')).toHaveCount(1);
  });

  test('what is open in one layout is closed when the width crosses lg', async ({ page, isMobile }) => {
    test.skip(isMobile, 'resizes a desktop window');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await toggle.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    const services = nav.getByRole('button', { name: 'Services' });
    await services.click();
    await expect(nav.getByRole('link', { name: 'Drain Cleaning' })).toBeVisible();

    await page.mouse.move(0, 0);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(services).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Drain Cleaning' })).toBeHidden();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
  });
});
