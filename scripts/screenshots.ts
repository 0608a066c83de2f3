/**
 * Full-page screenshots of each page type at phone (390 px) and desktop (1280 px) widths, for
 * looking at what we build. Usage: npm run screenshots -- [baseUrl] [path ...]; PNGs go to reports/screenshots/.
 * Staff screens: `npm run screenshots -- --staff you@example.com http://localhost:4321 /admin /admin/leads`
 * signs in first with a link from scripts/admin-link.ts (the email must be on the staff list, or the first).
 * `--during-load`: instead, the first screen every ~150 ms while the page loads over Lighthouse's slow
 * 4G (150 ms, 1.6 Mbps) with a 4× slower CPU, then once loaded (`<name>-<width>-load-<ms>.png`), to
 * look for an unstyled or shifting first paint.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/support/browser.ts';
import { pageTypes } from '../tests/support/routes.ts';

const args = process.argv.slice(2);
const staffAt = args.indexOf('--staff');
const staffEmail = staffAt >= 0 ? args.splice(staffAt, 2)[1] : undefined;
const duringLoad = args.includes('--during-load') && Boolean(args.splice(args.indexOf('--during-load'), 1));
const [baseArg, ...paths] = args;
const base = (baseArg ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/$/, '');
const targets = paths.length ? paths : Object.values(pageTypes);
mkdirSync('reports/screenshots', { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions);
const fileName = (path: string) => (path === '/' ? 'home' : path.slice(1).replace(/[^a-z0-9]+/gi, '_'));

/** The first screen while `path` loads on a throttled phone or desktop, then once it has loaded. */
async function shootDuringLoad(path: string, width: number): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, deviceScaleFactor: 1, isMobile: width < 768, hasTouch: width < 768 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = Date.now();
  const loaded = page.goto(`${base}${path}`, { waitUntil: 'load' });
  let done = false;
  void loaded.finally(() => { done = true; });
  while (!done && Date.now() - started < 8_000) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const at = String(Date.now() - started).padStart(5, '0');
    await page.screenshot({ path: `reports/screenshots/${fileName(path)}-${width}-load-${at}.png`, timeout: 3_000 }).catch(() => {});
  }
  await loaded;
  await page.screenshot({ path: `reports/screenshots/${fileName(path)}-${width}-load-done.png` });
  await context.close();
}

if (duringLoad) {
  for (const path of targets) for (const width of [390, 1280]) await shootDuringLoad(path, width);
  await browser.close();
  console.log(`Screenshots during load of ${targets.length} pages written to reports/screenshots/.`);
  process.exit(0);
}
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 900 }, deviceScaleFactor: 1 });
  if (staffEmail) {
    const output = execFileSync('npx', ['tsx', 'scripts/admin-link.ts', staffEmail], { encoding: 'utf8', env: { ...process.env, PORT: new URL(base).port } });
    await page.goto(output.trim().split('\n').at(-1)!);
    await page.getByLabel('6-digit code').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/oauth-login'));
  }
  for (const path of targets) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    const name = fileName(path);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `reports/screenshots/${name}-${width}-top.png` });
    // Scrolled through as a reader would, so islands that wait to be visible (the reviews) are live.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 600) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(500);
    await page.evaluate(() => window.scrollTo(0, 0));
    // A full-page shot is taken from the top, where render-later blocks are skipped again.
    await page.addStyleTag({ content: '.render-later { content-visibility: visible !important; }' });
    await page.screenshot({ path: `reports/screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
console.log(`Screenshots of ${targets.length} pages written to reports/screenshots/.`);
