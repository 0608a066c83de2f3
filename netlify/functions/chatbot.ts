// POST /api/chatbot: stores the visitor's message and answers it (built-in assistant, or the LLM when configured).
import { chatContract } from '../../src/lib/api/chat.contract';
import { defineHandler } from '../../src/server/http/handler';
import { answerChatMessage } from '../../src/server/services/chat/chat.service';
import { clientAddressHash } from '../../src/server/http/client-address';

export default defineHandler(chatContract, ({ body, request, context, log }) =>
  answerChatMessage(body, { ipHash: clientAddressHash(request, context) }, log), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/chatbot' };
