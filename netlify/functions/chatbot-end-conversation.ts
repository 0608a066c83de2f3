// POST /api/chatbot/end-conversation: records the visitor's rating and sends staff the transcript.
import { chatEndContract } from '../../src/lib/api/chat.contract';
import { defineHandler } from '../../src/server/http/handler';
import { endChatConversation } from '../../src/server/services/chat/chat.service';
import { clientAddressHash } from '../../src/server/http/client-address';

export default defineHandler(chatEndContract, ({ body, request, context }) =>
  endChatConversation(body, { ipHash: clientAddressHash(request, context) }), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/chatbot/end-conversation' };
