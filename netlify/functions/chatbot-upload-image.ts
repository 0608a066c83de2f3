// POST /api/chatbot/upload-image: checks, re-encodes and stores a chat photo, and answers its URL.
import { chatUploadFormSchema } from '../../src/lib/api/chat-image.contract';
import { chatUploadContract } from '../../src/lib/api/chat.contract';
import { defineHandler } from '../../src/server/http/handler';
import { storeChatImage } from '../../src/server/services/chat/chat-image.service';
import { clientAddressHash } from '../../src/server/http/client-address';

export default defineHandler({ ...chatUploadContract, request: chatUploadFormSchema }, ({ body, request, context }) =>
  storeChatImage(body, { ipHash: clientAddressHash(request, context) }), { requires: ['CLIENT_HASH_SECRET'] });

export const config = { path: '/api/chatbot/upload-image' };
