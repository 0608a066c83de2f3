// GET and PUT /api/admin/blog/posts/:id: one post with its Markdown, and its changes (status included; audited).
import { adminBlogPostContract, adminBlogUpdateContract } from '../../src/lib/api/admin/blog.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { getPost, updatePostFromAdmin } from '../../src/server/services/admin-blog';

export default defineHandlers(
  defineHandler(adminBlogPostContract, ({ params }) => withDb((db) => getPost(db, params.id))),
  defineHandler(adminBlogUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updatePostFromAdmin(db, params.id, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/blog/posts/:id';
