// POST /api/chatbot/feedback: records a thumbs up or down on an assistant message.
import { chatFeedbackContract } from '../../src/lib/api/chat.contract';
import { defineHandler } from '../../src/server/http/handler';
import { recordChatFeedback } from '../../src/server/services/chat/chat.service';
import { clientAddressHash } from '../../src/server/http/client-address';

export default defineHandler(chatFeedbackContract, ({ body, request, context }) =>
  recordChatFeedback(body, { ipHash: clientAddressHash(request, context) }), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/chatbot/feedback' };
