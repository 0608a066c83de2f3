/**
 * Tells staff about a chat: a handoff request, a rating, or a transcript a staff member asked for
 * from the admin screen, with the whole transcript, as an email in the outbox written inside the
 * caller's transaction; the outbox worker delivers it with retries.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';
import type { OutboxEmail, OutboxMessage } from '../../db/tables/outbox-message.table';
import { findConversation, listMessages } from '../../repositories/chat.repository';
import { insertOutboxMessage } from '../../repositories/outbox.repository';

export type TranscriptReason = 'handoff' | 'rating' | 'requested';

/** Outbox topics of the transcript emails. */
export const transcriptTopics = { handoff: 'staff-chat-handoff', rating: 'staff-chat-rating', requested: 'staff-chat-transcript' } as const;

export interface ChatTranscript {
  conversationId: string;
  reason: TranscriptReason;
  /** Who asked for it, when staff did. */
  requestedBy?: string;
  pageContext: string;
  rating: number | null;
  startedAt: string;
  messages: { role: 'user' | 'assistant'; content: string; imageUrl: string | null; at: string }[];
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The staff email for a transcript: plain text and escaped HTML. */
export function chatTranscriptEmail(t: ChatTranscript): OutboxEmail {
  const subject = {
    handoff: `Chat visitor asked for a person (${t.conversationId})`,
    rating: `Chat rated ${t.rating ?? '?'} of 5 (${t.conversationId})`,
    requested: `Chat transcript (${t.conversationId})`,
  }[t.reason];
  const intro = {
    handoff: 'A visitor in the website chat needs a person. Their transcript is below; reply by phone or text if they left a number.',
    rating: `A visitor ended the website chat and rated it ${t.rating ?? '?'} of 5. The transcript is below.`,
    requested: `${t.requestedBy ?? 'A staff member'} sent this website chat transcript from the staff area.${t.rating ? ` The visitor rated the chat ${t.rating} of 5.` : ''}`,
  }[t.reason];
  const lines = t.messages.map((m) => `[${m.at}] ${m.role === 'user' ? 'Visitor' : 'Assistant'}: ${m.content}${m.imageUrl ? ` (photo: ${m.imageUrl})` : ''}`);
  const text = [intro, '', `Page: ${t.pageContext}`, `Started: ${t.startedAt}`, '', ...lines, ''].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p>Page: ${escapeHtml(t.pageContext)}<br>Started: ${escapeHtml(t.startedAt)}</p>`,
    ...t.messages.map((m) => `<p><strong>${m.role === 'user' ? 'Visitor' : 'Assistant'}</strong> <small>${escapeHtml(m.at)}</small><br>${escapeHtml(m.content)}${m.imageUrl ? `<br><small>photo: ${escapeHtml(m.imageUrl)}</small>` : ''}</p>`),
  ].join('\n');
  return { to: 'staff', subject, text, html };
}

/** Queues the conversation's transcript for staff, inside the caller's transaction; the outbox row, or undefined without such a conversation. */
export async function queueChatTranscriptForStaff(
  trx: Transaction<Database> | Kysely<Database>,
  conversationId: string,
  reason: TranscriptReason,
  requestedBy?: string,
): Promise<OutboxMessage | undefined> {
  const conversation = await findConversation(trx, conversationId);
  if (!conversation) return undefined;
  const messages = await listMessages(trx, conversationId);
  const transcript: ChatTranscript = {
    conversationId,
    reason,
    ...(requestedBy ? { requestedBy } : {}),
    pageContext: conversation.page_context,
    rating: conversation.rating,
    startedAt: new Date(conversation.created_at).toISOString(),
    messages: messages.map((m) => ({ role: m.role, content: m.content, imageUrl: m.image_url, at: new Date(m.created_at).toISOString() })),
  };
  return insertOutboxMessage(trx, { topic: transcriptTopics[reason], lead_id: null, payload: chatTranscriptEmail(transcript) });
}
