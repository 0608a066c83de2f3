/**
 * Full-page screenshots of each page type at phone (390 px) and desktop (1280 px) widths, for
 * looking at what we build. Usage: npm run screenshots -- [baseUrl] [path ...]; PNGs go to reports/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/support/browser.ts';
import { pageTypes } from '../tests/support/routes.ts';

const [baseArg, ...paths] = process.argv.slice(2);
const base = (baseArg ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/$/, '');
const targets = paths.length ? paths : Object.values(pageTypes);
mkdirSync('reports/screenshots', { recursive: true });

const browser = await chromium.launch(chromiumLaunchOptions);
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 844 : 900 }, deviceScaleFactor: 1 });
  for (const path of targets) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    const name = path === '/' ? 'home' : path.slice(1).replace(/[^a-z0-9]+/gi, '_');
    await page.screenshot({ path: `reports/screenshots/${name}-${width}.png`, fullPage: true });
    await page.screenshot({ path: `reports/screenshots/${name}-${width}-top.png` });
  }
  await page.close();
}
await browser.close();
console.log(`Screenshots of ${targets.length} pages written to reports/screenshots/.`);
