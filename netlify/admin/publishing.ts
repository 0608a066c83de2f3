// GET /api/admin/publishing: recent builds and waiting changes; POST (owner only): publish now.
import { adminPublishingContract, adminPublishNowContract } from '../../src/lib/api/admin/publishing.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { publishingState, publishNow } from '../../src/server/services/admin-publishing';

export default defineHandlers(
  defineHandler(adminPublishingContract, () => withDb((db) => publishingState(db))),
  defineHandler(adminPublishNowContract, ({ staff }) => withDb((db) => publishNow(db, { email: staff.email }))),
);

export const path = '/api/admin/publishing';
