/** Blog posts: what the blog pages read and what the seed writes. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { BlogPost, NewBlogPost } from '../db/tables/blog-post.table';

export type { BlogPost };

/** The fields a seed file provides; the database fills in ids, flags and timestamps. */
export type SeedBlogPost = Omit<NewBlogPost, 'id' | 'published' | 'created_at' | 'updated_at'>;

/** Published posts, newest first. */
export async function listPublishedPosts(db: Kysely<Database>): Promise<BlogPost[]> {
  return db
    .selectFrom('blog_posts')
    .selectAll()
    .where('published', '=', true)
    .orderBy('publish_date', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** The post with this slug, published or not (check `published` before showing it), or undefined. */
export async function findPostBySlug(db: Kysely<Database>, slug: string): Promise<BlogPost | undefined> {
  return db.selectFrom('blog_posts').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/**
 * Inserts a seed post unless its slug exists, so a post edited in admin is never overwritten.
 * Returns true when it inserted.
 */
export async function upsertSeedPost(db: Kysely<Database>, post: SeedBlogPost): Promise<boolean> {
  const inserted = await db
    .insertInto('blog_posts')
    .values(post)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
