/** Blog posts: what the blog pages read and what the seed writes. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { BlogPost, BlogPostUpdate, NewBlogPost } from '../db/tables/blog-post.table';

export type { BlogPost };

/** The fields a seed file provides; the database fills in ids, flags and timestamps. */
export type SeedBlogPost = Omit<NewBlogPost, 'id' | 'published' | 'created_at' | 'updated_at' | 'publish_at' | 'featured_image_alt' | 'featured_image_width' | 'featured_image_height' | 'updated_by'>;

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

export type PostSort = 'updated' | 'date' | 'title';
export type PostFilter = 'draft' | 'scheduled' | 'published';

/** Every post for the admin list, without its content: drafts, scheduled and published. */
export async function listPostsForAdmin(db: Kysely<Database>, options: { status?: PostFilter; sort?: PostSort } = {}) {
  let query = db.selectFrom('blog_posts').select(['id', 'slug', 'title', 'excerpt', 'meta_description', 'category', 'author', 'published', 'publish_at', 'publish_date', 'updated_at', 'updated_by']);
  if (options.status === 'published') query = query.where('published', '=', true);
  if (options.status === 'scheduled') query = query.where('published', '=', false).where('publish_at', 'is not', null);
  if (options.status === 'draft') query = query.where('published', '=', false).where('publish_at', 'is', null);
  const sort = options.sort ?? 'updated';
  query = sort === 'title' ? query.orderBy('title') : sort === 'date' ? query.orderBy('publish_date', 'desc') : query.orderBy('updated_at', 'desc');
  return query.orderBy('id', 'desc').execute();
}

export async function findPostById(db: Kysely<Database>, id: number): Promise<BlogPost | undefined> {
  return db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPost(db: Kysely<Database>, post: NewBlogPost): Promise<BlogPost> {
  return db.insertInto('blog_posts').values(post).returningAll().executeTakeFirstOrThrow();
}

export async function updatePost(db: Kysely<Database>, id: number, changes: BlogPostUpdate): Promise<BlogPost | undefined> {
  return db.updateTable('blog_posts').set({ ...changes, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Scheduled posts whose time has come, locked so two scheduler runs never publish one twice. */
export async function lockDueScheduledPosts(db: Kysely<Database>, now: Date): Promise<BlogPost[]> {
  return db.selectFrom('blog_posts').selectAll().where('published', '=', false).where('publish_at', '<=', now).orderBy('publish_at').forUpdate().skipLocked().execute();
}
