// GET and POST /api/admin/chatbot/quick-responses: the chat's quick-reply chips in order; add one (audited).
import { adminQuickResponseAddContract, adminQuickResponsesContract } from '../../src/lib/api/admin/chatbot.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { addQuickResponse, quickResponsesForStaff } from '../../src/server/services/admin-chatbot';

export default defineHandlers(
  defineHandler(adminQuickResponsesContract, () => withDb((db) => quickResponsesForStaff(db))),
  defineHandler(adminQuickResponseAddContract, ({ body, staff, requestId }) => withDb((db) => addQuickResponse(db, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/chatbot/quick-responses';
