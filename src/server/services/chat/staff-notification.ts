/**
 * Tells staff about a chat: a handoff request or a rating, with the whole transcript, as an email in
 * the outbox written inside the caller's transaction; the outbox worker delivers it with retries.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { OutboxEmail } from '../../db/tables/outbox-message.table';
import { findConversation, listMessages } from '../../repositories/chat.repository';
import { insertOutboxMessage } from '../../repositories/outbox.repository';

export type TranscriptReason = 'handoff' | 'rating';

/** Outbox topics of the two transcript emails. */
export const transcriptTopics = { handoff: 'staff-chat-handoff', rating: 'staff-chat-rating' } as const;

export interface ChatTranscript {
  conversationId: string;
  reason: TranscriptReason;
  pageContext: string;
  rating: number | null;
  startedAt: string;
  messages: { role: 'user' | 'assistant'; content: string; imageUrl: string | null; at: string }[];
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The staff email for a transcript: plain text and escaped HTML. */
export function chatTranscriptEmail(t: ChatTranscript): OutboxEmail {
  const subject = t.reason === 'handoff'
    ? `Chat visitor asked for a person (${t.conversationId})`
    : `Chat rated ${t.rating ?? '?'} of 5 (${t.conversationId})`;
  const intro = t.reason === 'handoff'
    ? 'A visitor in the website chat needs a person. Their transcript is below; reply by phone or text if they left a number.'
    : `A visitor ended the website chat and rated it ${t.rating ?? '?'} of 5. The transcript is below.`;
  const lines = t.messages.map((m) => `[${m.at}] ${m.role === 'user' ? 'Visitor' : 'Assistant'}: ${m.content}${m.imageUrl ? ` (photo: ${m.imageUrl})` : ''}`);
  const text = [intro, '', `Page: ${t.pageContext}`, `Started: ${t.startedAt}`, '', ...lines, ''].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p>Page: ${escapeHtml(t.pageContext)}<br>Started: ${escapeHtml(t.startedAt)}</p>`,
    ...t.messages.map((m) => `<p><strong>${m.role === 'user' ? 'Visitor' : 'Assistant'}</strong> <small>${escapeHtml(m.at)}</small><br>${escapeHtml(m.content)}${m.imageUrl ? `<br><small>photo: ${escapeHtml(m.imageUrl)}</small>` : ''}</p>`),
  ].join('\n');
  return { to: 'staff', subject, text, html };
}

/** Queues the conversation's transcript for staff, inside the caller's transaction. */
export async function queueChatTranscriptForStaff(
  trx: Transaction<Database> | Kysely<Database>,
  conversationId: string,
  reason: TranscriptReason,
): Promise<void> {
  const conversation = await findConversation(trx, conversationId);
  if (!conversation) return;
  const messages = await listMessages(trx, conversationId);
  const transcript: ChatTranscript = {
    conversationId,
    reason,
    pageContext: conversation.page_context,
    rating: conversation.rating,
    startedAt: new Date(conversation.created_at).toISOString(),
    messages: messages.map((m) => ({ role: m.role, content: m.content, imageUrl: m.image_url, at: new Date(m.created_at).toISOString() })),
  };
  await insertOutboxMessage(trx, { topic: transcriptTopics[reason], lead_id: null, payload: chatTranscriptEmail(transcript) });
}
