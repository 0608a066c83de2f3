// GET /api/admin/chatbot/analytics: chat volume per day, handoffs, ratings, thumbs and topics over a date range.
import { adminChatAnalyticsContract } from '../../src/lib/api/admin/chatbot.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { chatAnalytics } from '../../src/server/services/admin-chatbot';

export default defineHandler(adminChatAnalyticsContract, ({ query }) => withDb((db) => chatAnalytics(db, query)));

export const path = '/api/admin/chatbot/analytics';
