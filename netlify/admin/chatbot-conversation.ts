// GET and PATCH /api/admin/chatbot/conversations/:id: one transcript with feedback, notes and history; archive or unarchive it (audited).
import { adminChatArchiveContract, adminChatConversationContract } from '../../src/lib/api/admin/chatbot.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { conversationDetail, setConversationArchived } from '../../src/server/services/admin-chatbot';

export default defineHandlers(
  defineHandler(adminChatConversationContract, ({ params }) => withDb((db) => conversationDetail(db, params.id))),
  defineHandler(adminChatArchiveContract, ({ params, body, staff, requestId }) => withDb((db) => setConversationArchived(db, params.id, body.archived, { email: staff.email, requestId }))),
);

export const path = '/api/admin/chatbot/conversations/:id';
