// GET and POST /api/admin/redirects: the redirects (live after the next publish) and adding one (audited).
import { adminRedirectCreateContract, adminRedirectListContract } from '../../src/lib/api/admin/publishing.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { createRedirect, listRedirects } from '../../src/server/services/admin-redirects';

export default defineHandlers(
  defineHandler(adminRedirectListContract, () => withDb((db) => listRedirects(db))),
  defineHandler(adminRedirectCreateContract, ({ body, staff, requestId }) => withDb((db) => createRedirect(db, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/redirects';
