import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { describeEachDatabase } from '../../src/server/db/test-databases';
import { isFirstPartySource } from '../../src/lib/reviews';
import { seedDatabase } from '../seed';
import { demoReviews } from './demo-reviews';

let emptyBlogDir: string;
beforeAll(async () => {
  emptyBlogDir = await mkdtemp(path.join(tmpdir(), 'epl-demo-'));
});
afterAll(async () => {
  await rm(emptyBlogDir, { recursive: true, force: true });
});

test('the sample reviews say they are samples and cover first-party, Google, Anonymous and several categories', () => {
  const rows = demoReviews(Date.UTC(2026, 0, 1));
  expect(rows.every((r) => r.text.startsWith('Sample review:'))).toBe(true);
  expect(rows.some((r) => isFirstPartySource(r.source))).toBe(true);
  expect(rows.some((r) => r.author_name === 'Anonymous')).toBe(true);
  expect(new Set(rows.map((r) => r.category)).size).toBeGreaterThan(3);
  expect(new Set(rows.map((r) => r.external_id)).size).toBe(rows.length);
});

describeEachDatabase('seeding demo reviews', (db) => {
  beforeEach(async () => {
    await db().deleteFrom('reviews').execute();
  });

  test('a local seed adds the sample reviews once, flagged is_demo', async () => {
    const first = await seedDatabase(db(), { env: {}, blogDir: emptyBlogDir });
    expect(first.demoRows?.reviews).toBe(demoReviews().length);
    const second = await seedDatabase(db(), { env: {}, blogDir: emptyBlogDir });
    expect(second.demoRows?.reviews).toBe(0);
    const rows = await db().selectFrom('reviews').select(['is_demo']).execute();
    expect(rows).toHaveLength(demoReviews().length);
    expect(rows.every((r) => r.is_demo)).toBe(true);
  });

  test('a production or Netlify seed adds no sample reviews', async () => {
    await seedDatabase(db(), { env: { CONTEXT: 'production' }, blogDir: emptyBlogDir });
    await seedDatabase(db(), { env: { NETLIFY: 'true' }, blogDir: emptyBlogDir });
    expect(await db().selectFrom('reviews').selectAll().execute()).toEqual([]);
  });
});
