// POST /api/admin/chatbot/conversations/:id/notes: a staff note on a conversation, stored with who and when (audited).
import { adminChatNoteContract } from '../../src/lib/api/admin/chatbot.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { addConversationNote } from '../../src/server/services/admin-chatbot';

export default defineHandler(adminChatNoteContract, ({ params, body, staff, requestId }) => withDb((db) => addConversationNote(db, params.id, body.body, { email: staff.email, requestId })));

export const path = '/api/admin/chatbot/conversations/:id/notes';
