/** Chat conversations, messages, feedback, images and rate-limit counters: SQL only. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type {
  ChatConversation, ChatFeedback, ChatImage, ChatMessage, NewChatConversation, NewChatImage, NewChatMessage,
} from '../db/tables/chat.table';

export type { ChatConversation, ChatFeedback, ChatImage, ChatMessage };

/** The conversation with this id, or undefined. */
export async function findConversation(db: Kysely<Database>, id: string): Promise<ChatConversation | undefined> {
  return db.selectFrom('chat_conversations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates the conversation unless its id exists; returns the stored row either way. */
export async function ensureConversation(db: Kysely<Database>, conversation: NewChatConversation): Promise<ChatConversation> {
  const inserted = await db
    .insertInto('chat_conversations')
    .values(conversation)
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await db.selectFrom('chat_conversations').selectAll().where('id', '=', conversation.id).executeTakeFirstOrThrow());
}

/** Records activity: the page the visitor is on now and, once set, the handoff flag (never unset). */
export async function touchConversation(
  db: Kysely<Database>,
  id: string,
  changes: { pageContext?: string; needsHandoff?: boolean },
): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set((eb) => ({
      last_activity_at: sql<Date>`now()`,
      ...(changes.pageContext !== undefined ? { page_context: changes.pageContext } : {}),
      ...(changes.needsHandoff ? { needs_handoff: true } : { needs_handoff: eb.ref('needs_handoff') }),
    }))
    .where('id', '=', id)
    .execute();
}

/** Adds language-model usage to the conversation's running totals. */
export async function addLlmUsage(db: Kysely<Database>, id: string, usage: { tokens: number; costMicroUsd: number }): Promise<void> {
  await db
    .updateTable('chat_conversations')
    .set((eb) => ({
      llm_tokens: eb('llm_tokens', '+', Math.max(0, Math.round(usage.tokens))),
      llm_cost_micro_usd: eb('llm_cost_micro_usd', '+', Math.max(0, Math.round(usage.costMicroUsd))),
    }))
    .where('id', '=', id)
    .execute();
}

/** The latest `limit` messages of a conversation, oldest first. */
export async function listRecentMessages(db: Kysely<Database>, conversationId: string, limit: number): Promise<ChatMessage[]> {
  const rows = await db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id', 'desc').limit(limit).execute();
  return rows.reverse();
}

/** Appends a message and returns it. */
export async function insertMessage(db: Kysely<Database>, message: NewChatMessage): Promise<ChatMessage> {
  return db.insertInto('chat_messages').values(message).returningAll().executeTakeFirstOrThrow();
}

/** A conversation's messages, oldest first. */
export async function listMessages(db: Kysely<Database>, conversationId: string): Promise<ChatMessage[]> {
  return db.selectFrom('chat_messages').selectAll().where('conversation_id', '=', conversationId).orderBy('id').execute();
}

/** Stores a thumbs up or down; a second vote on the same message replaces the first. */
export async function upsertFeedback(
  db: Kysely<Database>,
  feedback: { conversationId: string; messageId: string; feedback: 'positive' | 'negative' },
): Promise<ChatFeedback> {
  return db
    .insertInto('chat_feedback')
    .values({ conversation_id: feedback.conversationId, message_id: feedback.messageId, feedback: feedback.feedback })
    .onConflict((oc) => oc.columns(['conversation_id', 'message_id']).doUpdateSet({ feedback: feedback.feedback, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records the visitor's 1–5 rating and ends the conversation; false when no such conversation exists. */
export async function rateConversation(db: Kysely<Database>, id: string, rating: number): Promise<boolean> {
  const updated = await db
    .updateTable('chat_conversations')
    .set({ rating, ended_at: sql`now()`, last_activity_at: sql`now()` })
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * Claims the one staff notification of `kind` for this conversation: true for the first caller only,
 * so two concurrent requests never send the same transcript twice.
 */
export async function claimNotification(db: Kysely<Database>, id: string, kind: 'handoff' | 'rating'): Promise<boolean> {
  const column = kind === 'handoff' ? 'handoff_notified_at' : 'rating_notified_at';
  const claimed = await db
    .updateTable('chat_conversations')
    .set({ [column]: sql`now()` })
    .where('id', '=', id)
    .where(column, 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Records an uploaded image (the bytes live in the image store). */
export async function insertImage(db: Kysely<Database>, image: NewChatImage): Promise<ChatImage> {
  return db.insertInto('chat_images').values(image).returningAll().executeTakeFirstOrThrow();
}

/** The image record with this id, or undefined. */
export async function findImage(db: Kysely<Database>, id: string): Promise<ChatImage | undefined> {
  return db.selectFrom('chat_images').selectAll().where('id', '=', id).executeTakeFirst();
}

