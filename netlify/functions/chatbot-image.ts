// GET /api/chatbot/image/:id: serves a stored chat photo as JPEG.
import { chatImageContract } from '../../src/lib/api/chat-image.contract';
import { defineHandler } from '../../src/server/http/handler';
import { loadChatImage } from '../../src/server/services/chat/chat-image.service';

export default defineHandler(chatImageContract, async ({ request, context }) => {
  const id = context?.params?.id ?? new URL(request.url).pathname.split('/').pop() ?? '';
  const bytes = await loadChatImage(id);
  return new Response(bytes, {
    headers: {
      'Content-Type': 'image/jpeg',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': 'inline',
      // The address is random and the photo never changes; only the visitor's browser keeps it.
      'Cache-Control': 'private, max-age=31536000, immutable',
      'Cross-Origin-Resource-Policy': 'same-origin',
    },
  });
});

export const config = { path: '/api/chatbot/image/:id' };
