/**
 * Every page is served with the security headers, and nothing on it breaks the policy: no inline
 * script, style or connection is refused while a visitor uses the page (issue 8, class 6).
 */
import { expect, test } from '@playwright/test';

test.describe('security headers', () => {
  test.skip(({ isMobile }) => isMobile, 'Headers do not depend on the viewport; run once.');

  for (const path of ['/', '/plumber-austin', '/contact', '/no-such-page']) {
    test(`${path} has the headers, and the page runs without a policy violation`, async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
      });
      const response = await page.goto(path);
      const headers = response!.headers();
      expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
      expect(headers['content-security-policy']).toContain("object-src 'none'");
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['strict-transport-security']).toContain('max-age=');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      // The chat island loads and answers under the policy.
      await page.getByRole('button', { name: /chat/i }).first().click();
      await expect(page.getByRole('textbox').last()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    });
  }
});
