/**
 * Staff writing the blog (/admin/blog). A post is a draft, scheduled (the blog scheduler publishes
 * it at its time) or published; unpublishing makes it a draft again. Slugs are checked against
 * every address the site answers. Every change is audited in its transaction, and a change the
 * public pages show (a published post changed, published or unpublished) records a publish request.
 */
import { sql, type Kysely } from 'kysely';
import type { adminBlogCreateContract, PostRow, PostStatus, PostView } from '../../lib/api/admin/blog.contract';
import type { RequestOf } from '../../lib/api/contract';
import { postSlugProblem } from '../../lib/site/post-slugs';
import type { Database } from '../db/database';
import type { BlogPost } from '../db/tables/blog-post.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { recordAudit } from '../repositories/audit.repository';
import { findPostBySlug, insertPost, listPostsForAdmin, lockDueScheduledPosts, updatePost, type PostFilter, type PostSort } from '../repositories/blog-post.repository';
import { blogImageSize } from './blog-images';
import { requestPublish } from './publishing';

interface Actor { email: string; requestId: string }
type PostInput = RequestOf<typeof adminBlogCreateContract>;

export const postStatus = (row: Pick<BlogPost, 'published' | 'publish_at'>): PostStatus => (row.published ? 'published' : row.publish_at ? 'scheduled' : 'draft');

const iso = (d: Date | string) => new Date(d).toISOString();

function rowView(row: Pick<BlogPost, 'id' | 'slug' | 'title' | 'excerpt' | 'meta_description' | 'category' | 'author' | 'published' | 'publish_at' | 'publish_date' | 'updated_at' | 'updated_by'>): PostRow {
  return {
    id: row.id, slug: row.slug, title: row.title, excerpt: row.excerpt, metaDescription: row.meta_description, category: row.category, author: row.author,
    status: postStatus(row), publishAt: row.publish_at ? iso(row.publish_at) : null, publishDate: iso(row.publish_date), updatedAt: iso(row.updated_at), updatedBy: row.updated_by,
  };
}

export function postView(row: BlogPost): PostView {
  const image = row.featured_image && row.featured_image_width && row.featured_image_height
    ? { id: row.featured_image, alt: row.featured_image_alt ?? '', width: row.featured_image_width, height: row.featured_image_height, url: `/api/admin/blog/images/${row.featured_image}` }
    : null;
  return { ...rowView(row), content: row.content, featuredImage: image };
}

/** What the audit keeps of a post: everything but the Markdown, which is kept as its length. */
const audited = (row: BlogPost) => ({ ...rowView(row), featuredImage: row.featured_image, contentLength: row.content.length });

export async function listPosts(db: Kysely<Database>, query: { status?: PostFilter; sort?: PostSort }) {
  return { posts: (await listPostsForAdmin(db, query)).map(rowView) };
}

export async function getPost(db: Kysely<Database>, id: number): Promise<PostView> {
  const row = await db.selectFrom('blog_posts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw appError('NotFound');
  return postView(row);
}

async function checkSlug(trx: Kysely<Database>, slug: string, ownId?: number): Promise<void> {
  const problem = postSlugProblem(slug);
  if (problem) throw new HttpError(409, problem, { fields: { slug: 'This address is taken by another page.' } });
  const other = await findPostBySlug(trx, slug);
  if (other && other.id !== ownId) throw new HttpError(409, `Another post already lives at /${slug}. Choose another slug.`, { fields: { slug: 'Another post has this slug.' } });
  const redirect = await trx.selectFrom('redirects').select('to_path').where('from_path', '=', `/${slug}`).executeTakeFirst();
  if (redirect) throw new HttpError(409, `The address /${slug} redirects to ${redirect.to_path}. Delete that redirect in 404s and redirects first, or choose another slug.`, { fields: { slug: 'This address is a redirect.' } });
}

/** The columns a post's status sets: when it goes live, and the date it shows. */
function statusColumns(input: PostInput, current: BlogPost | undefined, now: Date) {
  if (input.status === 'scheduled') {
    if (!input.publishAt) throw new HttpError(400, 'A scheduled post needs the date and time it goes live.', { fields: { publishAt: 'Choose when it goes live.' } });
    const at = new Date(input.publishAt);
    if (at.getTime() <= now.getTime()) throw new HttpError(400, 'The time to go live has passed. Choose a later time, or publish the post now.', { fields: { publishAt: 'Choose a time in the future.' } });
    if (at.getTime() > now.getTime() + 2 * 365 * 86_400_000) throw new HttpError(400, 'Schedule a post at most two years ahead.', { fields: { publishAt: 'Choose a nearer date.' } });
    return { published: false, publish_at: at, publish_date: at };
  }
  if (input.publishAt !== null) throw new HttpError(400, 'Only a scheduled post has a time to go live; clear it, or choose Scheduled.', { fields: { publishAt: 'Leave this empty.' } });
  if (input.status === 'published') {
    // A post keeps the date it first went live; one published now shows today.
    return { published: true, publish_at: null, publish_date: current?.published ? current.publish_date : now };
  }
  return { published: false, publish_at: null, publish_date: current?.publish_date ?? now };
}

async function imageColumns(image: PostInput['featuredImage'], current: BlogPost | undefined) {
  if (!image) return { featured_image: null, featured_image_alt: null, featured_image_width: null, featured_image_height: null };
  const size = current?.featured_image === image.id && current.featured_image_width && current.featured_image_height
    ? { width: current.featured_image_width, height: current.featured_image_height }
    : await blogImageSize(image.id);
  if (!size) throw new HttpError(400, 'The featured picture is no longer stored. Upload it again.', { fields: { featuredImage: 'Upload the picture again.' } });
  return { featured_image: image.id, featured_image_alt: image.alt, featured_image_width: size.width, featured_image_height: size.height };
}

const actionFor = (before: PostStatus | undefined, after: PostStatus): string => {
  if (!before) return after === 'published' ? 'blog.publish' : after === 'scheduled' ? 'blog.schedule' : 'blog.draft';
  if (before !== 'published' && after === 'published') return 'blog.publish';
  if (before === 'published' && after !== 'published') return 'blog.unpublish';
  if (after === 'scheduled' && before !== 'scheduled') return 'blog.schedule';
  return 'blog.change';
};

const publishLabel = (action: string, title: string) => ({
  'blog.publish': `Blog post published: ${title}`,
  'blog.unpublish': `Blog post unpublished: ${title}`,
  'blog.change': `Blog post changed: ${title}`,
}[action] ?? `Blog post: ${title}`);

export async function createPost(db: Kysely<Database>, input: PostInput, actor: Actor, now = new Date()): Promise<PostView> {
  const status = statusColumns(input, undefined, now);
  const image = await imageColumns(input.featuredImage, undefined);
  return db.transaction().execute(async (trx) => {
    await checkSlug(trx, input.slug);
    const row = await insertPost(trx, {
      slug: input.slug, title: input.title, content: input.content, excerpt: input.excerpt, meta_description: input.metaDescription,
      category: input.category, author: input.author, ...status, ...image, updated_by: actor.email,
    });
    const action = actionFor(undefined, postStatus(row));
    await recordAudit(trx, { actor: actor.email, action, entity: 'blog_post', entityId: row.id, after: audited(row), requestId: actor.requestId });
    if (row.published) await requestPublish(trx, { kind: 'blog', label: publishLabel(action, row.title), by: actor.email });
    return postView(row);
  });
}

export async function updatePostFromAdmin(db: Kysely<Database>, id: number, input: PostInput, actor: Actor, now = new Date()): Promise<PostView> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('blog_posts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw appError('NotFound');
    await checkSlug(trx, input.slug, id);
    const row = (await updatePost(trx, id, {
      slug: input.slug, title: input.title, content: input.content, excerpt: input.excerpt, meta_description: input.metaDescription,
      category: input.category, author: input.author, ...statusColumns(input, current, now), ...(await imageColumns(input.featuredImage, current)), updated_by: actor.email,
    }))!;
    const action = actionFor(postStatus(current), postStatus(row));
    await recordAudit(trx, { actor: actor.email, action, entity: 'blog_post', entityId: row.id, before: audited(current), after: audited(row), requestId: actor.requestId });
    // The public pages show published posts only: a change to a draft or a scheduled post waits for its own publish.
    if (current.published || row.published) await requestPublish(trx, { kind: 'blog', label: publishLabel(action, row.title), by: actor.email });
    return postView(row);
  });
}

/** Who the audit and the publish request name for a post the scheduler published. */
export const schedulerActor = 'blog scheduler';

/**
 * For the site health screen: how many posts wait for their time (and the next time), and the last
 * posts the scheduler published, from the audit log (its runs every minute usually find nothing).
 */
export async function blogSchedulerState(db: Kysely<Database>) {
  const waiting = await db.selectFrom('blog_posts').select([(eb) => eb.fn.countAll<number>().as('count'), (eb) => eb.fn.min('publish_at').as('next')])
    .where('published', '=', false).where('publish_at', 'is not', null).executeTakeFirstOrThrow();
  const recent = await db.selectFrom('audit_log')
    .innerJoin('blog_posts', (join) => join.on(sql<boolean>`cast(blog_posts.id as text) = audit_log.entity_id`))
    .select(['audit_log.at', 'blog_posts.title', 'blog_posts.slug'])
    .where('audit_log.entity', '=', 'blog_post').where('audit_log.action', '=', 'blog.publish').where('audit_log.actor_email', '=', schedulerActor)
    .orderBy('audit_log.at', 'desc').orderBy('audit_log.id', 'desc').limit(3).execute();
  return {
    scheduled: Number(waiting.count),
    nextAt: waiting.next ? iso(waiting.next as Date | string) : null,
    recentlyPublished: recent.map((r) => ({ title: r.title, slug: r.slug, at: iso(r.at) })),
  };
}

/**
 * Publishes every scheduled post whose time has come, each audited, with one publish request for
 * them all. Returns the posts it published (empty when none were due).
 */
export async function publishDuePosts(db: Kysely<Database>, now = new Date()): Promise<PostRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await lockDueScheduledPosts(trx, now);
    const published: PostRow[] = [];
    for (const current of due) {
      const row = (await updatePost(trx, current.id, { published: true, publish_at: null, publish_date: current.publish_at ?? now, updated_by: schedulerActor }))!;
      await recordAudit(trx, { actor: schedulerActor, action: 'blog.publish', entity: 'blog_post', entityId: row.id, before: audited(current), after: audited(row) });
      published.push(rowView(row));
    }
    if (published.length > 0) {
      await requestPublish(trx, { kind: 'blog', label: `Scheduled ${published.length === 1 ? 'post' : 'posts'} published: ${published.map((p) => p.title).join(', ')}`, by: schedulerActor });
    }
    return published;
  });
}
