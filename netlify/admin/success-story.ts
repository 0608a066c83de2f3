// PUT and DELETE /api/admin/success-stories/:id: approve, correct, choose photos, feature; delete (audited).
import { adminStoryDeleteContract, adminStoryUpdateContract } from '../../src/lib/api/admin/success-stories.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { deleteStory, updateStory } from '../../src/server/services/admin-success-stories';

export default defineHandlers(
  defineHandler(adminStoryUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updateStory(db, params.id, body, { email: staff.email, requestId }))),
  defineHandler(adminStoryDeleteContract, ({ params, staff, requestId }) => withDb((db) => deleteStory(db, params.id, { email: staff.email, requestId }))),
);

export const path = '/api/admin/success-stories/:id';
