/** axe-core with the WCAG 2.2 AA tags finds nothing on any page type, at phone and desktop sizes. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { pageTypes } from '../support/routes';

const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const [type, path] of Object.entries({ ...pageTypes, notFound: '/no-such-page' })) {
  test(`${type} page (${path}) has no axe violations`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(tags).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)).toEqual([]);
  });
}

test('the open menus have no axe violations', async ({ page, isMobile }) => {
  await page.goto('/');
  if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services' }).click();
  const results = await new AxeBuilder({ page }).withTags(tags).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
