/**
 * The chat endpoints' business: store the visitor's message, answer it, store the answer, tell staff
 * when a visitor needs a person or rates the chat; record thumbs up/down and ratings.
 */
import { chatMessageMaxLength, type QuickResponse } from '../../../lib/api/chat.contract';
import { withDb } from '../../db/connect';
import type { Logger } from '../../http/logger';
import { HttpError } from '../../http/response';
import {
  claimNotification, ensureConversation, findConversation, insertMessage, rateConversation, touchConversation, upsertFeedback,
} from '../../repositories/chat.repository';
import { answerVisitor } from '../assistant/assistant';
import { imageOnlySentence } from '../assistant/intents';
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

  // Every statement runs in a transaction: it keeps the request's statements together on one
  // connection (which the local PGlite socket needs under concurrent use) and a refused request
  // stores nothing.
  await withDb((db) => db.transaction().execute(async (trx) => {
    await enforceChatLimit(trx, 'messages', { session: input.sessionId, ipHash: visitor.ipHash });
    const conversation = await ensureConversation(trx, { id: input.conversationId, session_id: input.sessionId, page_context: pageContext, ip_hash: visitor.ipHash });
    if (conversation.session_id !== input.sessionId) {
      throw new HttpError(409, 'This conversation belongs to another chat session. Clear the chat to start a new one.');
    }
    // The visitor's message is stored before the assistant is asked, so it is kept whatever happens next.
    await insertMessage(trx, { conversation_id: input.conversationId, role: 'user', content, image_url: last.imageUrl ?? null, intent: null, source: null });
  }));

  const reply = await answerVisitor({
    messages: messages.map((m, i) => ({ role: m.role, content: i === messages.length - 1 ? content : m.content, ...(m.imageUrl ? { imageUrl: m.imageUrl } : {}) })),
    pageContext,
  }, log);

  await withDb((db) => db.transaction().execute(async (trx) => {
    await insertMessage(trx, {
      conversation_id: input.conversationId, role: 'assistant', content: reply.message, image_url: null,
      needs_handoff: reply.needsHandoff, intent: reply.intent, source: reply.source,
    });
    await touchConversation(trx, input.conversationId, { pageContext, needsHandoff: reply.needsHandoff });
    if (reply.needsHandoff && (await claimNotification(trx, input.conversationId, 'handoff'))) {
      await queueChatTranscriptForStaff(trx, input.conversationId, 'handoff');
    }
  }));
  log.info('chat answered', { intent: reply.intent, source: reply.source });
  return { message: reply.message, needsHandoff: reply.needsHandoff, openScheduler: reply.openScheduler, quickResponses: reply.quickResponses };
}

const notFound = () => new HttpError(404, 'We could not find that conversation. It may have been cleared; start a new chat and try again.');

/** Stores a thumbs up or down on an assistant message. */
export async function recordChatFeedback(
  input: { conversationId: string; messageId: string; feedback: 'positive' | 'negative' },
  visitor: { ipHash: string },
): Promise<{ ok: true }> {
  return withDb((db) => db.transaction().execute(async (trx) => {
    await enforceChatLimit(trx, 'signals', { session: input.conversationId, ipHash: visitor.ipHash });
    if (!(await findConversation(trx, input.conversationId))) throw notFound();
    await upsertFeedback(trx, input);
    return { ok: true as const };
  }));
}

/** Records the visitor's rating, ends the conversation and sends staff the transcript (once). */
export async function endChatConversation(input: { conversationId: string; rating: number }, visitor: { ipHash: string }): Promise<{ ok: true }> {
  return withDb((db) => db.transaction().execute(async (trx) => {
    await enforceChatLimit(trx, 'signals', { session: input.conversationId, ipHash: visitor.ipHash });
    if (!(await rateConversation(trx, input.conversationId, input.rating))) throw notFound();
    if (await claimNotification(trx, input.conversationId, 'rating')) {
      await queueChatTranscriptForStaff(trx, input.conversationId, 'rating');
    }
    return { ok: true as const };
  }));
}
