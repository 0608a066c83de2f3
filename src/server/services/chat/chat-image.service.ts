/**
 * Chat photos: checked by their magic bytes, at most 4 MB, decoded and re-encoded as JPEG (which
 * drops EXIF and GPS metadata and anything hidden after the image data), stored, and served back.
 */
import { randomBytes } from 'node:crypto';
import { withDb } from '../../db/connect';
import { HttpError } from '../../http/response';
import { ensureConversation, insertImage } from '../../repositories/chat.repository';
import { imageStore } from '../../uploads/image-store';
import { reencodeImage } from '../../uploads/reencode-image';
import { enforceChatLimit } from './rate-limit';

export const maxImageBytes = 4 * 1024 * 1024;
/** Photos are scaled down to fit this box: enough for a plumber to see the problem. */
const maxEdge = 2048;

export interface UploadInput {
  image: File;
  sessionId: string;
  conversationId: string;
}

/** Stores a visitor's photo and returns its root-relative URL. */
export async function storeChatImage(input: UploadInput, visitor: { ipHash: string }): Promise<{ imageUrl: string }> {
  if (input.image.size === 0) throw new HttpError(400, 'The photo is empty. Choose a photo and try again.', { fields: { image: 'Choose a photo.' } });
  if (input.image.size > maxImageBytes) {
    throw new HttpError(413, 'The photo is larger than 4 MB. Choose a smaller photo or attach a screenshot of it.', { fields: { image: 'Use a photo of at most 4 MB.' } });
  }
  // Counted in its own statement: an upload refused later still counts.
  await withDb((db) => enforceChatLimit(db, 'uploads', { session: input.sessionId, ipHash: visitor.ipHash }));
  await withDb((db) => db.transaction().execute(async (trx) => {
    const conversation = await ensureConversation(trx, { id: input.conversationId, session_id: input.sessionId, ip_hash: visitor.ipHash });
    if (conversation.session_id !== input.sessionId) {
      throw new HttpError(409, 'This conversation belongs to another chat session. Clear the chat to start a new one.');
    }
  }));
  const image = await reencodeImage(new Uint8Array(await input.image.arrayBuffer()), maxEdge);
  const id = randomBytes(16).toString('hex');
  const store = imageStore();
  await store.put(id, image.data);
  try {
    await withDb((db) => db.transaction().execute((trx) => insertImage(trx, { id, conversation_id: input.conversationId, content_type: 'image/jpeg', byte_size: image.data.byteLength, width: image.width, height: image.height })));
  } catch (error) {
    // A photo without its row would be served to anyone with the id and never cleaned up.
    await store.delete(id).catch(() => undefined);
    throw error;
  }
  return { imageUrl: `/api/chatbot/image/${id}` };
}

/** The stored photo's bytes, or a 404. */
export async function loadChatImage(id: string): Promise<Uint8Array<ArrayBuffer>> {
  if (!/^[a-f0-9]{32}$/.test(id)) throw new HttpError(404, 'There is no photo at this address.');
  const bytes = await imageStore().get(id);
  if (!bytes) throw new HttpError(404, 'There is no photo at this address.');
  return bytes;
}
