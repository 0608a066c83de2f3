/** City pages are genuinely local (no near-duplicates) and long-form pages carry enough useful copy. */
import { expect, test } from '@playwright/test';
import { cities, industries, serviceRoutes } from '../../src/business';
import { jaccard, mainText, wordShingles } from '../support/text-similarity';

test.describe('content quality', () => {
  test.skip(({ isMobile }) => isMobile, 'HTML-level checks run once');

  test('no two city pages are near-duplicates (word 5-gram Jaccard ≤ 0.35)', async ({ request }) => {
    const pages = await Promise.all(cities.map(async (c) => ({ name: c.name, grams: wordShingles(mainText(await (await request.get(`/${c.route}`)).text())) })));
    let worst = { pair: '', score: 0 };
    for (let i = 0; i < pages.length; i++) {
      for (let j = i + 1; j < pages.length; j++) {
        const score = jaccard(pages[i]!.grams, pages[j]!.grams);
        if (score > worst.score) worst = { pair: `${pages[i]!.name} / ${pages[j]!.name}`, score };
      }
    }
    console.log(`Most similar city pages: ${worst.pair} at ${worst.score.toFixed(3)}`);
    expect(worst.score, worst.pair).toBeLessThanOrEqual(0.35);
  });

  test('service pages have at least 600 words, city and commercial pages at least 500', async ({ request }) => {
    const words = async (path: string) => mainText(await (await request.get(path)).text()).split(/\s+/).length;
    for (const r of serviceRoutes.filter((x) => x.primary && ['service', 'landing', 'guide'].includes(x.service.kind))) {
      expect(await words(r.path), r.path).toBeGreaterThanOrEqual(600);
    }
    for (const c of cities) expect(await words(`/${c.route}`), c.route).toBeGreaterThanOrEqual(500);
    for (const i of industries) expect(await words(`/commercial/${i.slug}`), i.slug).toBeGreaterThanOrEqual(500);
  });
});
