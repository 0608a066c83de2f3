// GET, PUT and DELETE /api/admin/page-metadata: the page title, description and canonical overrides (audited).
import { adminPageMetadataDeleteContract, adminPageMetadataListContract, adminPageMetadataSaveContract } from '../../src/lib/api/admin/page-metadata.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { deleteOverride, listOverrides, saveOverride } from '../../src/server/services/admin-page-metadata';

export default defineHandlers(
  defineHandler(adminPageMetadataListContract, () => withDb((db) => listOverrides(db))),
  defineHandler(adminPageMetadataSaveContract, ({ body, staff, requestId }) => withDb((db) => saveOverride(db, body, { email: staff.email, requestId }))),
  defineHandler(adminPageMetadataDeleteContract, ({ body, staff, requestId }) => withDb((db) => deleteOverride(db, body.path, { email: staff.email, requestId }))),
);

export const path = '/api/admin/page-metadata';
