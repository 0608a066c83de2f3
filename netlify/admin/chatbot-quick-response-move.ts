// POST /api/admin/chatbot/quick-responses/:id/move: moves a chip one place up or down (audited).
import { adminQuickResponseMoveContract } from '../../src/lib/api/admin/chatbot.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { moveQuickResponse } from '../../src/server/services/admin-chatbot';

export default defineHandler(adminQuickResponseMoveContract, ({ params, body, staff, requestId }) => withDb((db) => moveQuickResponse(db, params.id, body.direction, { email: staff.email, requestId })));

export const path = '/api/admin/chatbot/quick-responses/:id/move';
