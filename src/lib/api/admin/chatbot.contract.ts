/**
 * The chat assistant's staff screen: conversations (list, transcript, notes, archive, email the
 * transcript), analytics over a date range, and the quick-reply chips the assistant offers by default.
 */
import { z } from 'zod';
import { defineContract } from '../contract';
import { chatIcons, quickResponseSchema } from '../chat.contract';

export const conversationSortColumns = ['last_activity_at', 'created_at', 'rating', 'messages'] as const;

/** A calendar day in Central time (the offices' zone), as YYYY-MM-DD. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written YYYY-MM-DD, for example 2026-11-01.')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'That date does not exist.')
  .refine((v) => v >= '2000-01-01' && v <= '2099-12-31', 'Choose a date between 2000 and 2099.');

const dayRange = <T extends { from?: string; to?: string }>(v: T) => !v.from || !v.to || v.from <= v.to;
const dayRangeMessage = { message: 'The start date must be on or before the end date.', path: ['from'] };

/** The widget's conversation id (conv_…). */
const conversationIdParams = z.strictObject({ id: z.string().regex(/^conv_[A-Za-z0-9_-]{6,80}$/, 'A conversation id starts with conv_.') });
const quickResponseIdParams = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

const conversationSummary = z.object({
  id: z.string(),
  pageContext: z.string(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  messageCount: z.number().int(),
  /** The visitor's first message, shortened, so staff can tell conversations apart. */
  firstMessage: z.string().nullable(),
  needsHandoff: z.boolean(),
  rating: z.number().int().nullable(),
  archivedAt: z.string().nullable(),
  isDemo: z.boolean(),
});
export type ConversationSummary = z.output<typeof conversationSummary>;

export const adminChatConversationsContract = defineContract({
  path: '/api/admin/chatbot/conversations',
  method: 'GET',
  access: 'staff',
  query: z
    .strictObject({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      pageSize: z.coerce.number().int().min(5).max(100).default(25),
      sort: z.enum(conversationSortColumns).default('last_activity_at'),
      dir: z.enum(['asc', 'desc']).default('desc'),
      q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
      handoff: z.enum(['all', 'yes', 'no']).default('all'),
      rating: z.enum(['all', 'unrated', '1', '2', '3', '4', '5']).default('all'),
      archived: z.enum(['no', 'yes', 'all']).default('no'),
      from: day.optional(),
      to: day.optional(),
    })
    .refine(dayRange, dayRangeMessage),
  response: z.object({ rows: z.array(conversationSummary), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

const auditEntry = z.object({ at: z.string(), actor: z.string(), action: z.string() });

export const conversationDetailSchema = conversationSummary.extend({
  endedAt: z.string().nullable(),
  archivedBy: z.string().nullable(),
  messages: z.array(z.object({
    id: z.number().int(),
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    imageUrl: z.string().nullable(),
    needsHandoff: z.boolean(),
    intent: z.string().nullable(),
    at: z.string(),
  })),
  /** Thumbs up/down; the widget's message ids are its own, so each vote is listed with its time. */
  feedback: z.array(z.object({ feedback: z.enum(['positive', 'negative']), at: z.string() })),
  notes: z.array(z.object({ id: z.number().int(), author: z.string(), body: z.string(), at: z.string() })),
  history: z.array(auditEntry),
});
export type ConversationDetail = z.output<typeof conversationDetailSchema>;

export const adminChatConversationContract = defineContract({
  path: '/api/admin/chatbot/conversations/:id',
  method: 'GET',
  access: 'staff',
  params: conversationIdParams,
  response: conversationDetailSchema,
});

export const adminChatArchiveContract = defineContract({
  path: '/api/admin/chatbot/conversations/:id',
  method: 'PATCH',
  access: 'staff',
  params: conversationIdParams,
  request: z.strictObject({ archived: z.boolean({ error: 'Say whether the conversation is archived (true or false).' }) }),
  response: conversationDetailSchema,
});

export const chatNoteMaxLength = 2000;

export const adminChatNoteContract = defineContract({
  path: '/api/admin/chatbot/conversations/:id/notes',
  method: 'POST',
  access: 'staff',
  params: conversationIdParams,
  request: z.strictObject({
    body: z.string({ error: 'Write the note.' }).trim().min(1, 'Write the note.').max(chatNoteMaxLength, `A note has at most ${chatNoteMaxLength.toLocaleString('en-US')} characters.`),
  }),
  response: conversationDetailSchema,
});

export const adminChatEmailContract = defineContract({
  path: '/api/admin/chatbot/conversations/:id/email',
  method: 'POST',
  access: 'staff',
  params: conversationIdParams,
  request: z.strictObject({}),
  response: z.object({ queued: z.literal(true), outboxId: z.number().int() }),
});

const count = z.number().int();

export const adminChatAnalyticsContract = defineContract({
  path: '/api/admin/chatbot/analytics',
  method: 'GET',
  access: 'staff',
  query: z.strictObject({ from: day.optional(), to: day.optional() }).refine(dayRange, dayRangeMessage),
  response: z.object({
    from: z.string(),
    to: z.string(),
    conversations: count,
    handoffs: count,
    perDay: z.array(z.object({ day: z.string(), conversations: count })),
    ratings: z.object({ counts: z.object({ 1: count, 2: count, 3: count, 4: count, 5: count }), rated: count, unrated: count, average: z.number().nullable() }),
    feedback: z.object({ positive: count, negative: count }),
    topics: z.array(z.object({ intent: z.string(), count })),
  }),
});

const quickResponseRow = z.object({
  id: z.number().int(),
  label: z.string(),
  message: z.string(),
  icon: z.enum(chatIcons),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type QuickResponseRow = z.output<typeof quickResponseRow>;

/** What staff edit: the label and message keep the public chat contract's limits (40 and 200 characters). */
export const quickResponseFieldsSchema = z.strictObject({
  label: z.string({ error: 'Write the chip’s label.' }).trim().min(1, 'Write the chip’s label.').max(40, 'A label has at most 40 characters (it must fit on a chip).'),
  message: z.string({ error: 'Write the message the chip sends.' }).trim().min(1, 'Write the message the chip sends.').max(200, 'The message has at most 200 characters.'),
  icon: z.enum(chatIcons, { error: `Choose an icon: ${chatIcons.join(', ')}.` }),
  isActive: z.boolean({ error: 'Say whether the chip is active (true or false).' }),
});

export const adminQuickResponsesContract = defineContract({
  path: '/api/admin/chatbot/quick-responses',
  method: 'GET',
  access: 'staff',
  response: z.object({
    rows: z.array(quickResponseRow),
    /** What the chat offers while no row is active: the assistant's built-in chips. */
    builtinDefaults: z.array(quickResponseSchema),
  }),
});

export const adminQuickResponseAddContract = defineContract({
  path: '/api/admin/chatbot/quick-responses',
  method: 'POST',
  access: 'staff',
  request: quickResponseFieldsSchema,
  response: quickResponseRow,
});

export const adminQuickResponseUpdateContract = defineContract({
  path: '/api/admin/chatbot/quick-responses/:id',
  method: 'PUT',
  access: 'staff',
  params: quickResponseIdParams,
  request: quickResponseFieldsSchema,
  response: quickResponseRow,
});

export const adminQuickResponseMoveContract = defineContract({
  path: '/api/admin/chatbot/quick-responses/:id/move',
  method: 'POST',
  access: 'staff',
  params: quickResponseIdParams,
  request: z.strictObject({ direction: z.enum(['up', 'down'], { error: 'Move the chip up or down.' }) }),
  response: z.object({ rows: z.array(quickResponseRow) }),
});
