// PUT /api/admin/chatbot/quick-responses/:id: change a chip's label, message, icon, or switch it on or off (audited).
import { adminQuickResponseUpdateContract } from '../../src/lib/api/admin/chatbot.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { changeQuickResponse } from '../../src/server/services/admin-chatbot';

export default defineHandler(adminQuickResponseUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => changeQuickResponse(db, params.id, body, { email: staff.email, requestId })));

export const path = '/api/admin/chatbot/quick-responses/:id';
