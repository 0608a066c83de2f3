import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import { findPostBySlug, listPublishedPosts, upsertSeedPost, type SeedBlogPost } from './blog-post.repository';

const post = (slug: string, publishDate: string): SeedBlogPost => ({
  slug,
  title: `Title of ${slug}`,
  content: '## Heading\n\nBody text.',
  excerpt: 'A short excerpt.',
  meta_description: 'A description for search results.',
  category: 'Water Heaters',
  author: 'Economy Plumbing Services',
  publish_date: new Date(publishDate),
});

describeEachDatabase('blog post repository', (db) => {
  test('upsertSeedPost inserts a post whose slug is new', async () => {
    expect(await upsertSeedPost(db(), post('new-post', '2025-03-01T12:00:00Z'))).toBe(true);
    const stored = await findPostBySlug(db(), 'new-post');
    expect(stored).toMatchObject({ slug: 'new-post', title: 'Title of new-post', published: true, is_demo: false, featured_image: null });
    expect(stored?.publish_date).toEqual(new Date('2025-03-01T12:00:00Z'));
  });

  test('upsertSeedPost never overwrites a post that already exists', async () => {
    await upsertSeedPost(db(), post('edited-post', '2025-03-02T12:00:00Z'));
    await db().updateTable('blog_posts').set({ title: 'Edited in admin' }).where('slug', '=', 'edited-post').execute();

    expect(await upsertSeedPost(db(), { ...post('edited-post', '2025-03-02T12:00:00Z'), title: 'Seed title' })).toBe(false);
    expect((await findPostBySlug(db(), 'edited-post'))?.title).toBe('Edited in admin');
  });

  test('findPostBySlug returns undefined for an unknown slug', async () => {
    expect(await findPostBySlug(db(), 'no-such-post')).toBeUndefined();
  });

  test('listPublishedPosts lists published posts newest first and leaves out unpublished ones', async () => {
    await upsertSeedPost(db(), post('older', '2024-01-10T12:00:00Z'));
    await upsertSeedPost(db(), post('newer', '2026-01-10T12:00:00Z'));
    await upsertSeedPost(db(), post('hidden', '2026-02-10T12:00:00Z'));
    await db().updateTable('blog_posts').set({ published: false }).where('slug', '=', 'hidden').execute();

    const slugs = (await listPublishedPosts(db())).map((p) => p.slug);
    expect(slugs).not.toContain('hidden');
    expect(slugs.indexOf('newer')).toBeLessThan(slugs.indexOf('older'));
    expect(slugs.indexOf('older')).toBeGreaterThanOrEqual(0);
  });
});
