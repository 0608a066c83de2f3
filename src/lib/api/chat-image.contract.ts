/**
 * Chat photos: the multipart form of POST /api/chatbot/upload-image (its contract is in
 * chat.contract.ts) and GET /api/chatbot/image/:id, which serves a stored photo back as JPEG.
 */
import { z } from 'zod';
import { chatContract, chatFeedbackContract } from './chat.contract';
import { defineContract } from './contract';

/** The upload's form fields, checked by the function (the widget sends a FormData). */
export const chatUploadFormSchema = z.strictObject({
  image: z.file({ error: 'Attach the photo as a file.' }),
  sessionId: chatContract.request.shape.sessionId,
  conversationId: chatFeedbackContract.request.shape.conversationId,
});

export const chatImageContract = defineContract({
  path: '/api/chatbot/image/:id',
  method: 'GET',
  /** The answer is the JPEG itself, not JSON. */
  response: z.unknown(),
});
