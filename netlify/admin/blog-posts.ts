// GET and POST /api/admin/blog/posts: every post (filtered by status, sorted), and a new post (audited).
import { adminBlogCreateContract, adminBlogListContract } from '../../src/lib/api/admin/blog.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { createPost, listPosts } from '../../src/server/services/admin-blog';

export default defineHandlers(
  defineHandler(adminBlogListContract, ({ query }) => withDb((db) => listPosts(db, query))),
  defineHandler(adminBlogCreateContract, ({ body, staff, requestId }) => withDb((db) => createPost(db, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/blog/posts';
