// GET /api/admin/chatbot/conversations: chat conversations, searched by transcript, filtered and paginated.
import { adminChatConversationsContract } from '../../src/lib/api/admin/chatbot.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listConversationsForStaff } from '../../src/server/services/admin-chatbot';

export default defineHandler(adminChatConversationsContract, ({ query }) => withDb((db) => listConversationsForStaff(db, query)));

export const path = '/api/admin/chatbot/conversations';
