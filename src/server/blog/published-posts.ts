/** Build-time read of the published blog posts, for the static pages, the blog index and the RSS feed. */
import type { BlogPostView } from '../../lib/blog';
import { withDb } from '../db/connect';
import { listPublishedPosts } from '../repositories/blog-post.repository';

let cached: Promise<BlogPostView[]> | undefined;

export function loadPublishedPosts(): Promise<BlogPostView[]> {
  cached ??= withDb(async (db) => {
    const rows = await listPublishedPosts(db);
    return rows.map((r) => ({
      slug: r.slug,
      title: r.title,
      content: r.content,
      excerpt: r.excerpt,
      metaDescription: r.meta_description,
      category: r.category,
      author: r.author,
      publishDate: new Date(r.publish_date).toISOString(),
      featuredImage: r.featured_image && r.featured_image_width && r.featured_image_height
        ? { id: r.featured_image, alt: r.featured_image_alt ?? '', width: r.featured_image_width, height: r.featured_image_height }
        : null,
    }));
  });
  return cached;
}
