/**
 * The chat assistant's endpoints (SPEC §3, §7), shared by the chat widget and the chat functions.
 * Registered in ./index.ts by the change that adds their functions.
 */
import { z } from 'zod';
import { defineContract } from './contract';

/** SPEC §9: message max length. */
export const chatMessageMaxLength = 500;
export const chatIcons = ['AlertCircle', 'DollarSign', 'Calendar', 'Wrench', 'Clock', 'HelpCircle', 'CheckCircle'] as const;

const sessionId = z.string().regex(/^session_[A-Za-z0-9_-]{6,80}$/, 'a session id starts with session_');
const conversationId = z.string().regex(/^conv_[A-Za-z0-9_-]{6,80}$/, 'a conversation id starts with conv_');

export const quickResponseSchema = z.strictObject({
  label: z.string().min(1).max(40),
  message: z.string().min(1).max(200),
  icon: z.enum(chatIcons),
});
export type QuickResponse = z.infer<typeof quickResponseSchema>;

export const chatContract = defineContract({
  path: '/api/chatbot',
  method: 'POST',
  maxBodyBytes: 64 * 1024,
  request: z.strictObject({
    messages: z.array(z.strictObject({
      role: z.enum(['user', 'assistant']),
      content: z.string().max(4000),
      imageUrl: z.string().max(500).optional(),
    })).min(1).max(60),
    sessionId,
    conversationId,
    pageContext: z.string().max(300),
  }),
  response: z.object({
    message: z.string(),
    needsHandoff: z.boolean(),
    openScheduler: z.boolean(),
    quickResponses: z.array(quickResponseSchema),
  }),
});

export const chatUploadContract = defineContract({
  path: '/api/chatbot/upload-image',
  method: 'POST',
  bodyType: 'multipart',
  maxBodyBytes: 4 * 1024 * 1024 + 16 * 1024,
  response: z.object({ imageUrl: z.string() }),
});

export const chatFeedbackContract = defineContract({
  path: '/api/chatbot/feedback',
  method: 'POST',
  request: z.strictObject({ messageId: z.string().min(1).max(100), conversationId, sessionId, feedback: z.enum(['positive', 'negative']) }),
  response: z.object({ ok: z.literal(true) }),
});

export const chatEndContract = defineContract({
  path: '/api/chatbot/end-conversation',
  method: 'POST',
  request: z.strictObject({ conversationId, sessionId, rating: z.number().int().min(1).max(5) }),
  response: z.object({ ok: z.literal(true) }),
});
