/**
 * The chat assistant as staff see it: conversations found by their transcript, one transcript with
 * its feedback, notes and history, archiving, emailing the transcript to the office (the same email
 * the chat sends on a handoff or rating), analytics over Central-time days, and the quick-reply chips.
 * Every change is audited in its own transaction.
 */
import type { Kysely } from 'kysely';
import type {
  adminChatAnalyticsContract, adminChatConversationsContract, ConversationDetail, ConversationSummary, QuickResponseRow,
} from '../../lib/api/admin/chatbot.contract';
import type { chatIcons } from '../../lib/api/chat.contract';
import type { QueryOf } from '../../lib/api/contract';
import type { Database } from '../db/database';
import type { ChatConversation } from '../db/tables/chat.table';
import { appError } from '../http/errors';
import { HttpError } from '../http/response';
import { auditOf, recordAudit } from '../repositories/audit.repository';
import {
  chatTimeZone, conversationsPerDay, conversationTotals, feedbackCounts, findQuickResponse, insertNote, insertQuickResponse, listConversations,
  listFeedback, listNotes, listQuickResponses, reorderQuickResponses, setArchived, topicCounts, updateQuickResponse,
  type ChatQuickResponseRow, type QuickResponseFields,
} from '../repositories/chat-admin.repository';
import { findConversation, listMessages } from '../repositories/chat.repository';
import { defaultQuickResponses } from './assistant/quick-responses';
import { forgetStoredChips } from './chat/quick-responses.service';
import { queueChatTranscriptForStaff } from './chat/staff-notification';

interface Actor { email: string; requestId: string }

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const preview = (text: string | null) => (text === null ? null : text.length > 120 ? `${text.slice(0, 119)}…` : text);

type SummaryRow = ChatConversation & { message_count: number; first_message: string | null };

function summary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id, pageContext: row.page_context, createdAt: iso(row.created_at)!, lastActivityAt: iso(row.last_activity_at)!, messageCount: row.message_count,
    firstMessage: preview(row.first_message), needsHandoff: row.needs_handoff, rating: row.rating, archivedAt: iso(row.archived_at), isDemo: row.is_demo,
  };
}

export async function listConversationsForStaff(db: Kysely<Database>, query: QueryOf<typeof adminChatConversationsContract>) {
  const { rows, total } = await listConversations(db, query, { sort: query.sort, dir: query.dir, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return { rows: rows.map((r) => summary(r as SummaryRow)), total, page: query.page, pageSize: query.pageSize };
}

export async function conversationDetail(db: Kysely<Database>, id: string): Promise<ConversationDetail> {
  const conversation = await findConversation(db, id);
  if (!conversation) throw appError('NotFound');
  const [messages, feedback, notes, history] = await Promise.all([listMessages(db, id), listFeedback(db, id), listNotes(db, id), auditOf(db, 'chat-conversation', id)]);
  return {
    ...summary({ ...conversation, message_count: messages.length, first_message: messages.find((m) => m.role === 'user')?.content ?? null }),
    endedAt: iso(conversation.ended_at),
    archivedBy: conversation.archived_by,
    messages: messages.map((m) => ({ id: m.id, role: m.role, content: m.content, imageUrl: m.image_url, needsHandoff: m.needs_handoff, intent: m.intent, at: iso(m.created_at)! })),
    feedback: feedback.map((f) => ({ feedback: f.feedback, at: iso(f.updated_at)! })),
    notes: notes.map((n) => ({ id: n.id, author: n.author_email, body: n.body, at: iso(n.created_at)! })),
    history: history.map((h) => ({ at: iso(h.at)!, actor: h.actor_email, action: h.action })),
  };
}

async function lockedConversation(trx: Kysely<Database>, id: string): Promise<ChatConversation> {
  const conversation = await trx.selectFrom('chat_conversations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!conversation) throw appError('NotFound');
  return conversation;
}

export async function setConversationArchived(db: Kysely<Database>, id: string, archived: boolean, actor: Actor): Promise<ConversationDetail> {
  await db.transaction().execute(async (trx) => {
    const conversation = await lockedConversation(trx, id);
    if ((conversation.archived_at !== null) === archived) return;
    await setArchived(trx, id, archived ? actor.email : null);
    await recordAudit(trx, { actor: actor.email, action: archived ? 'chat.archive' : 'chat.unarchive', entity: 'chat-conversation', entityId: id, before: { archived: !archived }, after: { archived }, requestId: actor.requestId });
  });
  return conversationDetail(db, id);
}

export async function addConversationNote(db: Kysely<Database>, id: string, body: string, actor: Actor): Promise<ConversationDetail> {
  await db.transaction().execute(async (trx) => {
    await lockedConversation(trx, id);
    const note = await insertNote(trx, { conversationId: id, author: actor.email, body });
    await recordAudit(trx, { actor: actor.email, action: 'chat.note', entity: 'chat-conversation', entityId: id, after: { noteId: note.id, body }, requestId: actor.requestId });
  });
  return conversationDetail(db, id);
}

/** Queues the transcript email for the staff address (one outbox message per request). */
export async function emailTranscript(db: Kysely<Database>, id: string, actor: Actor): Promise<{ queued: true; outboxId: number }> {
  return db.transaction().execute(async (trx) => {
    await lockedConversation(trx, id);
    const message = await queueChatTranscriptForStaff(trx, id, 'requested', actor.email);
    if (!message) throw appError('NotFound');
    await recordAudit(trx, { actor: actor.email, action: 'chat.email', entity: 'chat-conversation', entityId: id, after: { outboxId: message.id }, requestId: actor.requestId });
    return { queued: true as const, outboxId: message.id };
  });
}

const centralDay = new Intl.DateTimeFormat('en-CA', { timeZone: chatTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
const dayMs = 24 * 3600 * 1000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);

/** The range asked for; by default the last 30 days, today (Central time) included. */
export function analyticsRange(query: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = query.to ?? (query.from ? addDays(query.from, 29) : centralDay.format(now));
  const from = query.from ?? addDays(to, -29);
  if (from > to) throw new HttpError(400, 'The start date must be on or before the end date.', { fields: { from: 'Choose a start on or before the end.' } });
  if (daysBetween(from, to) > 366) throw new HttpError(400, 'Choose a range of at most a year.', { fields: { from: 'Choose a range of at most a year.' } });
  return { from, to };
}

export async function chatAnalytics(db: Kysely<Database>, query: QueryOf<typeof adminChatAnalyticsContract>, now = new Date()) {
  const range = analyticsRange(query, now);
  const [days, totals, feedback, topics] = await Promise.all([conversationsPerDay(db, range), conversationTotals(db, range), feedbackCounts(db, range), topicCounts(db, range)]);
  const counted = new Map(days.map((d) => [d.day, d.conversations]));
  const perDay = Array.from({ length: daysBetween(range.from, range.to) + 1 }, (_, i) => addDays(range.from, i)).map((day) => ({ day, conversations: counted.get(day) ?? 0 }));
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let unrated = 0;
  for (const t of totals) {
    if (t.rating === null) unrated += t.count;
    else if (t.rating >= 1 && t.rating <= 5) counts[t.rating as 1 | 2 | 3 | 4 | 5] += t.count;
  }
  const rated = counts[1] + counts[2] + counts[3] + counts[4] + counts[5];
  const sum = counts[1] + 2 * counts[2] + 3 * counts[3] + 4 * counts[4] + 5 * counts[5];
  return {
    ...range,
    conversations: totals.reduce((n, t) => n + t.count, 0),
    handoffs: totals.reduce((n, t) => n + t.handoffs, 0),
    perDay,
    ratings: { counts, rated, unrated, average: rated === 0 ? null : Math.round((sum / rated) * 100) / 100 },
    feedback,
    topics,
  };
}

function quickRow(row: ChatQuickResponseRow): QuickResponseRow {
  return { id: row.id, label: row.label, message: row.message, icon: row.icon as (typeof chatIcons)[number], sortOrder: row.sort_order, isActive: row.is_active, updatedAt: iso(row.updated_at)! };
}

export async function quickResponsesForStaff(db: Kysely<Database>) {
  return { rows: (await listQuickResponses(db)).map(quickRow), builtinDefaults: defaultQuickResponses('en') };
}

export async function addQuickResponse(db: Kysely<Database>, fields: QuickResponseFields, actor: Actor): Promise<QuickResponseRow> {
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await insertQuickResponse(trx, fields);
    await recordAudit(trx, { actor: actor.email, action: 'quick-response.add', entity: 'chat-quick-response', entityId: inserted.id, after: quickRow(inserted), requestId: actor.requestId });
    return inserted;
  });
  forgetStoredChips();
  return quickRow(row);
}

export async function changeQuickResponse(db: Kysely<Database>, id: number, fields: QuickResponseFields, actor: Actor): Promise<QuickResponseRow> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('chat_quick_responses').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw appError('NotFound');
    const updated = (await updateQuickResponse(trx, id, fields))!;
    const action = current.is_active !== updated.is_active ? (updated.is_active ? 'quick-response.activate' : 'quick-response.deactivate') : 'quick-response.change';
    await recordAudit(trx, { actor: actor.email, action, entity: 'chat-quick-response', entityId: id, before: quickRow(current), after: quickRow(updated), requestId: actor.requestId });
    return updated;
  });
  forgetStoredChips();
  return quickRow(row);
}

/** Swaps the chip with its neighbour above or below; at either end it stays where it is. */
export async function moveQuickResponse(db: Kysely<Database>, id: number, direction: 'up' | 'down', actor: Actor): Promise<{ rows: QuickResponseRow[] }> {
  await db.transaction().execute(async (trx) => {
    // Locking every row keeps two concurrent moves from interleaving their renumbering.
    const rows = await trx.selectFrom('chat_quick_responses').selectAll().orderBy('sort_order').orderBy('id').forUpdate().execute();
    const index = rows.findIndex((r) => r.id === id);
    if (index < 0 || !(await findQuickResponse(trx, id))) throw appError('NotFound');
    const target = direction === 'up' ? index - 1 : index + 1;
    if (target < 0 || target >= rows.length) return;
    const ids = rows.map((r) => r.id);
    [ids[index], ids[target]] = [ids[target]!, ids[index]!];
    await reorderQuickResponses(trx, ids);
    await recordAudit(trx, { actor: actor.email, action: `quick-response.move-${direction}`, entity: 'chat-quick-response', entityId: id, before: { order: rows.map((r) => r.id) }, after: { order: ids }, requestId: actor.requestId });
  });
  forgetStoredChips();
  return { rows: (await listQuickResponses(db)).map(quickRow) };
}
