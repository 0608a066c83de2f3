/** Playwright against the served build, in Debian's chromium (never a downloaded browser). */
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/browser';

const port = Number(process.env.TEST_PORT ?? 4400);
const baseURL = process.env.BASE_URL ?? `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: { baseURL, launchOptions: chromiumLaunchOptions, trace: 'off' },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  // Started by scripts/test.ts; when run alone, serve the existing build here.
  webServer: process.env.BASE_URL
    ? undefined
    : { command: `npx tsx scripts/serve.ts`, url: `${baseURL}/api/health`, env: { PORT: String(port), PGLITE_DIR: '.data/test-pglite', RATE_LIMIT_DISABLED: '1', MAIL_DIR: '.data/test-mail', PUBLISH_DEBOUNCE_SECONDS: '3600' }, reuseExistingServer: true, timeout: 120_000 },
});
