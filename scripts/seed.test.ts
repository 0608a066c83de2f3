import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memberships, products } from '../src/business/memberships';
import { findPostBySlug } from '../src/server/repositories/blog-post.repository';
import { describeEachDatabase } from '../src/server/db/test-databases';
import { mayAddDemoData, readSeedPosts, seedDatabase } from './seed';

const postFile = (slug: string, title = 'Flushing a water heater in hard water') => `---
slug: ${slug}
title: "${title}"
metaDescription: A description for search results.
excerpt: A short excerpt.
category: Water Heaters
author: Economy Plumbing Services
publishDate: 2025-02-03
---

## Why flush

Body text.
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'epl-seed-'));
  await writeFile(path.join(dir, 'a.md'), postFile('flushing-a-water-heater'));
  await writeFile(path.join(dir, 'b.md'), postFile('finding-the-shut-off-valve', 'Finding the main shut-off valve'));
  await writeFile(path.join(dir, 'notes.txt'), 'not a post');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readSeedPosts', () => {
  test('reads frontmatter and the Markdown body of every .md file', async () => {
    const posts = await readSeedPosts(dir);
    expect(posts.map((p) => p.slug)).toEqual(['flushing-a-water-heater', 'finding-the-shut-off-valve']);
    expect(posts[0]).toMatchObject({
      title: 'Flushing a water heater in hard water',
      meta_description: 'A description for search results.',
      content: '## Why flush\n\nBody text.',
      featured_image: null,
    });
  });

  test('dates a post at noon in Austin, so it reads the same day in UTC', async () => {
    const [post] = await readSeedPosts(dir);
    expect((post?.publish_date as Date).toISOString()).toBe('2025-02-03T18:00:00.000Z');
  });

  test('names the file and field of invalid frontmatter', async () => {
    const bad = await mkdtemp(path.join(tmpdir(), 'epl-seed-bad-'));
    await writeFile(path.join(bad, 'broken.md'), postFile('Not A Slug'));
    await expect(readSeedPosts(bad)).rejects.toThrow(/broken\.md has invalid frontmatter:\n {2}- slug/);
    await rm(bad, { recursive: true, force: true });
  });

  test('reads the real seed posts in src/content/blog', async () => {
    await expect(readSeedPosts()).resolves.toBeInstanceOf(Array);
  });
});

describe('mayAddDemoData', () => {
  test('allows demo data only off Netlify and outside production', () => {
    expect(mayAddDemoData({})).toBe(true);
    expect(mayAddDemoData({ CONTEXT: 'deploy-preview' })).toBe(true);
    expect(mayAddDemoData({ CONTEXT: 'production' })).toBe(false);
    expect(mayAddDemoData({ NETLIFY: 'true', CONTEXT: 'deploy-preview' })).toBe(false);
  });
});

describeEachDatabase('seedDatabase', (db) => {
  test('adds missing posts and keeps existing ones as they are', async () => {
    const first = await seedDatabase(db(), { blogDir: dir, env: {} });
    expect(first.postsAdded).toHaveLength(2);

    await db().updateTable('blog_posts').set({ title: 'Edited by staff' }).where('slug', '=', 'flushing-a-water-heater').execute();
    const second = await seedDatabase(db(), { blogDir: dir, env: { CONTEXT: 'production' } });
    expect(second).toMatchObject({ postsAdded: [], postsKept: ['flushing-a-water-heater', 'finding-the-shut-off-valve'], demoRows: undefined });
    expect((await findPostBySlug(db(), 'flushing-a-water-heater'))?.title).toBe('Edited by staff');
  });

  test('adds the store catalogue once, in production too, never as demo data', async () => {
    const rows = await db().selectFrom('products').select(['slug', 'price_cents', 'is_demo']).orderBy('sort_order').execute();
    expect(rows.map((r) => r.slug)).toEqual([...memberships.map((m) => m.slug), ...products.map((p) => p.slug)]);
    expect(rows.every((r) => !r.is_demo)).toBe(true);
    expect((await seedDatabase(db(), { blogDir: dir, env: { CONTEXT: 'production' } })).productsAdded).toBe(0);
  });
});
