/**
 * The blog (/admin/blog): posts in Markdown with a live preview, a featured picture uploaded to the
 * blog image store, and a status. A draft is on no public page; a scheduled post goes live by
 * itself at `publishAt`; a published post is on /blog, /{slug}, the sitemap and the RSS feed after
 * the next publish. Unpublishing makes a post a draft again. Any staff member may write.
 */
import { z } from 'zod';
import { defineContract } from '../contract';

export const postStatuses = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];
export const postSorts = ['updated', 'date', 'title'] as const;

/** The largest picture accepted, in bytes. */
export const maxBlogImageBytes = 8 * 1024 * 1024;

export const postSlug = z.string().trim().toLowerCase()
  .min(3, 'A slug has at least 3 characters.')
  .max(80, 'A slug has at most 80 characters.')
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A slug is lower-case letters and digits joined by single dashes, like fixing-a-running-toilet.');

const imageId = z.string().regex(/^[a-f0-9]{32}$/, 'Upload the picture again: its reference is not valid.');

export const postFields = {
  title: z.string().trim().min(3, 'A title has at least 3 characters.').max(160, 'A title has at most 160 characters.'),
  slug: postSlug,
  excerpt: z.string().trim().max(300, 'An excerpt has at most 300 characters.'),
  metaDescription: z.string().trim().max(160, 'A meta description has at most 160 characters (search results cut the rest).'),
  category: z.string().trim().min(2, 'Enter a category, like Water heaters.').max(60, 'A category has at most 60 characters.'),
  author: z.string().trim().min(2, 'Enter who wrote it.').max(80, 'An author has at most 80 characters.'),
  content: z.string().min(1, 'Write the post before saving it.').max(100_000, 'A post has at most 100,000 characters.'),
  featuredImage: z.strictObject({
    id: imageId,
    alt: z.string().trim().min(3, 'Describe the picture for people who cannot see it (at least 3 characters).').max(200, 'Alt text has at most 200 characters.'),
  }).nullable(),
  status: z.enum(postStatuses, { error: 'Choose draft, scheduled or published.' }),
  /** When a scheduled post goes live: an ISO date-time with its offset. Null unless scheduled. */
  publishAt: z.iso.datetime({ offset: true, error: 'Enter the date and time the post goes live.' }).nullable(),
};

const postRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  metaDescription: z.string(),
  category: z.string(),
  author: z.string(),
  status: z.enum(postStatuses),
  publishAt: z.string().nullable(),
  /** The date the post shows: when it went (or goes) live. */
  publishDate: z.string(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type PostRow = z.output<typeof postRow>;

const post = postRow.extend({
  content: z.string(),
  featuredImage: z.object({ id: z.string(), alt: z.string(), width: z.number().int(), height: z.number().int(), url: z.string() }).nullable(),
});
export type PostView = z.output<typeof post>;

const idParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const adminBlogListContract = defineContract({
  path: '/api/admin/blog/posts',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({ status: z.enum(postStatuses).optional(), sort: z.enum(postSorts).optional() }),
  response: z.object({ posts: z.array(postRow) }),
});

export const adminBlogCreateContract = defineContract({
  path: '/api/admin/blog/posts',
  method: 'POST',
  access: 'staff',
  maxBodyBytes: 256 * 1024,
  request: z.strictObject(postFields),
  response: post,
});

export const adminBlogPostContract = defineContract({
  path: '/api/admin/blog/posts/:id',
  method: 'GET',
  access: 'staff',
  params: idParams,
  query: z.strictObject({}),
  response: post,
});

export const adminBlogUpdateContract = defineContract({
  path: '/api/admin/blog/posts/:id',
  method: 'PUT',
  access: 'staff',
  params: idParams,
  maxBodyBytes: 256 * 1024,
  request: z.strictObject(postFields),
  response: post,
});

/** The post's HTML exactly as the build makes it (rendered and sanitised on the server). */
export const adminBlogPreviewContract = defineContract({
  path: '/api/admin/blog/preview',
  method: 'POST',
  access: 'staff',
  maxBodyBytes: 256 * 1024,
  request: z.strictObject({ content: z.string().max(100_000, 'A post has at most 100,000 characters.') }),
  response: z.object({ html: z.string() }),
});

/** A featured picture: multipart with one `image` file; checked, re-encoded and stored. */
export const adminBlogImageUploadContract = defineContract({
  path: '/api/admin/blog/images',
  method: 'POST',
  access: 'staff',
  bodyType: 'multipart',
  maxBodyBytes: maxBlogImageBytes + 16 * 1024,
  response: z.object({ id: z.string(), width: z.number().int(), height: z.number().int(), url: z.string() }),
});

export const blogImageUploadForm = z.strictObject({ image: z.file({ error: 'Attach the picture as a file.' }) });

/** A stored picture, for the editor's preview (the public pages use the copies the build makes). */
export const adminBlogImageContract = defineContract({
  path: '/api/admin/blog/images/:id',
  method: 'GET',
  access: 'staff',
  params: z.strictObject({ id: imageId }),
  query: z.strictObject({}),
  response: z.unknown(),
});
