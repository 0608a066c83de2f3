// POST /api/admin/blog/preview: a post's Markdown as the HTML its page will show, sanitised as the build does.
import { adminBlogPreviewContract } from '../../src/lib/api/admin/blog.contract';
import { postHtml } from '../../src/server/blog/post-html';
import { defineHandler } from '../../src/server/http/handler';

export default defineHandler(adminBlogPreviewContract, async ({ body }) => ({ html: await postHtml(body.content) }));

export const path = '/api/admin/blog/preview';
