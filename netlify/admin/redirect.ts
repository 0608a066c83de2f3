// PUT and DELETE /api/admin/redirects/:id: change or remove a redirect (audited; live after the next publish).
import { adminRedirectDeleteContract, adminRedirectUpdateContract } from '../../src/lib/api/admin/publishing.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { deleteRedirect, updateRedirect } from '../../src/server/services/admin-redirects';

export default defineHandlers(
  defineHandler(adminRedirectUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updateRedirect(db, params.id, body, { email: staff.email, requestId }))),
  defineHandler(adminRedirectDeleteContract, ({ params, staff, requestId }) => withDb((db) => deleteRedirect(db, params.id, { email: staff.email, requestId }))),
);

export const path = '/api/admin/redirects/:id';
