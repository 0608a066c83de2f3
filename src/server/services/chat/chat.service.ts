/**
 * The chat endpoints' business: store the visitor's message, answer it, store the answer, tell staff
 * when a visitor needs a person or rates the chat; record thumbs up/down and ratings.
 */
import type { Kysely } from 'kysely';
import { chatMessageMaxLength, type QuickResponse } from '../../../lib/api/chat.contract';
import { withDb } from '../../db/connect';
import type { Database } from '../../db/database';
import type { Logger } from '../../http/logger';
import { HttpError } from '../../http/response';
import {
  addLlmUsage, claimNotification, ensureConversation, findConversation, insertMessage, listRecentMessages, rateConversation,
  touchConversation, upsertFeedback,
} from '../../repositories/chat.repository';
import { answerVisitor } from '../assistant/assistant';
import { imageOnlySentence } from '../assistant/intents';
import { mayEmailStaff } from '../staff-mail-cap';
import { chipsForReply } from './quick-responses.service';
import { enforceChatLimit } from './rate-limit';
import { queueChatTranscriptForStaff } from './staff-notification';

export interface ChatMessageInput {
  messages: { role: 'user' | 'assistant'; content: string; imageUrl?: string }[];
  sessionId: string;
  conversationId: string;
  pageContext: string;
}

export interface ChatAnswer {
  message: string;
  needsHandoff: boolean;
  openScheduler: boolean;
  quickResponses: QuickResponse[];
}

const imagePath = /^\/api\/chatbot\/image\/([a-f0-9]{32})$/;

/** Our own image URL, root-relative; an absolute URL to our image path is accepted and shortened. */
export function normaliseImageUrl(url: string | undefined): string | undefined {
  if (url === undefined || url === '') return undefined;
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      path = '';
    }
  }
  if (!imagePath.test(path)) {
    throw new HttpError(400, 'The photo address is not one of ours. Attach the photo again and resend your message.', { fields: { messages: 'Attach the photo again.' } });
  }
  return path;
}

/** Control characters other than line breaks and tabs are dropped before anything is stored. */
const clean = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();

export async function answerChatMessage(input: ChatMessageInput, visitor: { ipHash: string }, log: Logger): Promise<ChatAnswer> {
  const messages = input.messages.map((m) => ({ role: m.role, content: clean(m.content), imageUrl: normaliseImageUrl(m.imageUrl) }));
  const last = messages[messages.length - 1]!;
  if (last.role !== 'user') {
    throw new HttpError(400, 'The last message must be the visitor’s own. Type your question and send it again.', { fields: { messages: 'End with your own message.' } });
  }
  if (last.content.length > chatMessageMaxLength) {
    throw new HttpError(400, `Messages can be at most ${chatMessageMaxLength} characters. Shorten your message and send it again.`, { fields: { messages: `Use at most ${chatMessageMaxLength} characters.` } });
  }
  if (last.content === '' && !last.imageUrl) {
    throw new HttpError(400, 'The message is empty. Type a question or attach a photo.', { fields: { messages: 'Type a message.' } });
  }
  const content = last.content || imageOnlySentence;
  const pageContext = clean(input.pageContext).slice(0, 300);

  // The limit is counted in its own statement, so a request refused later (409, 500) still counts.
  await withDb((db) => enforceChatLimit(db, 'messages', { session: input.sessionId, ipHash: visitor.ipHash }));
  // The rest runs in a transaction: it keeps the request's statements together on one connection
  // (which the local PGlite socket needs under concurrent use) and a refused request stores nothing.
  // The assistant reads the conversation as stored, not the transcript the browser sends.
  const stored = await withDb((db) => db.transaction().execute(async (trx) => {
    const conversation = await ensureConversation(trx, { id: input.conversationId, session_id: input.sessionId, page_context: pageContext, ip_hash: visitor.ipHash });
    if (conversation.session_id !== input.sessionId) {
      throw new HttpError(409, 'This conversation belongs to another chat session. Clear the chat to start a new one.');
    }
    // The visitor's message is stored before the assistant is asked, so it is kept whatever happens next.
    const message = await insertMessage(trx, { conversation_id: input.conversationId, role: 'user', content, image_url: last.imageUrl ?? null, intent: null, source: null });
    // A new conversation (never answered, so never touched) needs no read-back; after that, the history is what was stored.
    const isNew = new Date(conversation.created_at).getTime() === new Date(conversation.last_activity_at).getTime();
    const turns = isNew ? [message] : await listRecentMessages(trx, input.conversationId, 12);
    return { turns, llmUsage: { tokens: conversation.llm_tokens, costMicroUsd: conversation.llm_cost_micro_usd } };
  }));

  const reply = await answerVisitor({
    messages: stored.turns.map((m) => ({ role: m.role, content: m.content, ...(m.image_url ? { imageUrl: m.image_url } : {}) })),
    pageContext,
    llmUsage: stored.llmUsage,
  }, log);

  await withDb((db) => db.transaction().execute(async (trx) => {
    await insertMessage(trx, {
      conversation_id: input.conversationId, role: 'assistant', content: reply.message, image_url: null,
      needs_handoff: reply.needsHandoff, intent: reply.intent, source: reply.source,
    });
    await touchConversation(trx, input.conversationId, { pageContext, needsHandoff: reply.needsHandoff });
    if (reply.llmUsage) await addLlmUsage(trx, input.conversationId, reply.llmUsage);
    if (reply.needsHandoff && (await claimNotification(trx, input.conversationId, 'handoff')) && (await mayEmailStaff(trx, visitor.ipHash))) {
      await queueChatTranscriptForStaff(trx, input.conversationId, 'handoff');
    }
  }));
  log.info('chat answered', { intent: reply.intent, source: reply.source });
  const quickResponses = await chipsForReply(reply.quickResponses, log);
  return { message: reply.message, needsHandoff: reply.needsHandoff, openScheduler: reply.openScheduler, quickResponses };
}

const notFound = () => new HttpError(404, 'We could not find that conversation. It may have been cleared; start a new chat and try again.');

/**
 * The conversation, when it exists and belongs to `sessionId`. Another session's conversation gets
 * the same 404 as a missing one, so ids cannot be probed.
 */
async function ownConversation(db: Kysely<Database>, conversationId: string, sessionId: string) {
  const conversation = await findConversation(db, conversationId);
  if (!conversation || conversation.session_id !== sessionId) throw notFound();
  return conversation;
}

/** Stores a thumbs up or down on an assistant message of the visitor's own conversation. */
export async function recordChatFeedback(
  input: { conversationId: string; sessionId: string; messageId: string; feedback: 'positive' | 'negative' },
  visitor: { ipHash: string },
): Promise<{ ok: true }> {
  // Counted in its own statement: a guess that ends in a 404 still counts towards the limit.
  await withDb((db) => enforceChatLimit(db, 'signals', { session: input.sessionId, ipHash: visitor.ipHash }));
  return withDb((db) => db.transaction().execute(async (trx) => {
    await ownConversation(trx, input.conversationId, input.sessionId);
    await upsertFeedback(trx, { conversationId: input.conversationId, messageId: input.messageId, feedback: input.feedback });
    return { ok: true as const };
  }));
}

/** Records the visitor's rating of their own conversation, ends it and sends staff the transcript (once). */
export async function endChatConversation(input: { conversationId: string; sessionId: string; rating: number }, visitor: { ipHash: string }): Promise<{ ok: true }> {
  await withDb((db) => enforceChatLimit(db, 'signals', { session: input.sessionId, ipHash: visitor.ipHash }));
  return withDb((db) => db.transaction().execute(async (trx) => {
    await ownConversation(trx, input.conversationId, input.sessionId);
    await rateConversation(trx, input.conversationId, input.rating);
    if ((await claimNotification(trx, input.conversationId, 'rating')) && (await mayEmailStaff(trx, visitor.ipHash))) {
      await queueChatTranscriptForStaff(trx, input.conversationId, 'rating');
    }
    return { ok: true as const };
  }));
}
