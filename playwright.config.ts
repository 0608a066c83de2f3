/** Playwright against the served build, in Debian's chromium (never a downloaded browser). */
import { defineConfig } from '@playwright/test';
import { e2eLaunchOptions } from './tests/support/browser';

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
  use: { baseURL, launchOptions: e2eLaunchOptions, trace: 'off' },
  projects: [
    // The tests that publish the site (tests/support/publish-e2e.ts) take turns with one build queue: they
    // run here, one at a time, at desktop width, and first, so that while one waits for its build the
    // other worker goes on with the rest instead of waiting for the turn.
    { name: 'publishing', grep: /@publishes/, workers: 1, use: { viewport: { width: 1280, height: 900 } } },
    { name: 'desktop', grepInvert: /@publishes/, use: { viewport: { width: 1280, height: 900 } } },
    // A phone's layout, touch and mobile viewport at 1 device pixel per CSS pixel: the layout, axe and
    // every behaviour are the same as at 2, and the suite is bound by chromium's rasterising on two cores.
    { name: 'mobile', grepInvert: /@publishes/, use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 } },
  ],
  // Started by scripts/test.ts; when run alone, serve the existing build here.
  webServer: process.env.BASE_URL
    ? undefined
    : { command: `npx tsx scripts/serve.ts`, url: `${baseURL}/api/health`, env: { PORT: String(port), PGLITE_DIR: '.data/test-pglite', RATE_LIMIT_DISABLED: '1', MAIL_DIR: '.data/test-mail', PUBLISH_DEBOUNCE_SECONDS: '3600' }, reuseExistingServer: true, timeout: 120_000 },
});
