// POST /api/chatbot/feedback: records a thumbs up or down on an assistant message.
import { chatFeedbackContract } from '../../src/lib/api/chat.contract';
import { defineHandler } from '../../src/server/http/handler';
import { recordChatFeedback } from '../../src/server/services/chat/chat.service';
import { clientAddress } from '../../src/server/http/client-address';
import { clientHash } from '../../src/server/services/client-hash';

export default defineHandler(chatFeedbackContract, ({ body, request, context }) =>
  recordChatFeedback(body, { ipHash: clientHash(clientAddress(request, context) ?? 'unknown') }));

export const config = { path: '/api/chatbot/feedback' };
