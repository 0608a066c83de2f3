/**
 * What the staff chat screen reads and writes: conversations found by their transcript, notes,
 * archiving, the analytics counts, and the quick-reply chips. SQL only; days are Central time.
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import type { ChatNote, ChatQuickResponseRow } from '../db/tables/chat.table';
import { containsPattern } from '../db/like-pattern';

export type { ChatNote, ChatQuickResponseRow };

/** The offices' time zone: a "day" in the staff screens is a day in Austin. */
export const chatTimeZone = 'America/Chicago';

export interface DayRange {
  /** YYYY-MM-DD, inclusive, Central time. */
  from?: string;
  to?: string;
}

export interface ConversationFilter extends DayRange {
  q?: string;
  handoff: 'all' | 'yes' | 'no';
  rating: 'all' | 'unrated' | '1' | '2' | '3' | '4' | '5';
  archived: 'no' | 'yes' | 'all';
}

export interface ConversationPage {
  sort: 'last_activity_at' | 'created_at' | 'rating' | 'messages';
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` typed into the search box are matched literally. */

/** created_at within the range of Central-time days (the end day included). */
function createdWithin(column: string, range: DayRange): Expression<SqlBool>[] {
  const ref = sql.ref(column);
  return [
    ...(range.from ? [sql<SqlBool>`${ref} >= (cast(${range.from} as date)::timestamp at time zone ${chatTimeZone})`] : []),
    ...(range.to ? [sql<SqlBool>`${ref} < ((cast(${range.to} as date) + 1)::timestamp at time zone ${chatTimeZone})`] : []),
  ];
}

function filtered(db: Kysely<Database>, filter: ConversationFilter) {
  return db.selectFrom('chat_conversations as c').where((eb) => {
    const conditions: Expression<SqlBool>[] = [...createdWithin('c.created_at', filter)];
    if (filter.handoff !== 'all') conditions.push(eb('c.needs_handoff', '=', filter.handoff === 'yes'));
    if (filter.rating === 'unrated') conditions.push(eb('c.rating', 'is', null));
    else if (filter.rating !== 'all') conditions.push(eb('c.rating', '=', Number(filter.rating)));
    if (filter.archived === 'no') conditions.push(eb('c.archived_at', 'is', null));
    else if (filter.archived === 'yes') conditions.push(eb('c.archived_at', 'is not', null));
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      conditions.push(eb.or([
        eb('c.id', 'ilike', pattern),
        eb('c.page_context', 'ilike', pattern),
        eb.exists(eb.selectFrom('chat_messages as m').select(sql`1`.as('one')).whereRef('m.conversation_id', '=', 'c.id').where('m.content', 'ilike', pattern)),
      ]));
    }
    return eb.and(conditions);
  });
}

/** One page of conversations matching the filter, with each one's message count and first visitor message. */
export async function listConversations(db: Kysely<Database>, filter: ConversationFilter, page: ConversationPage) {
  const base = filtered(db, filter);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll('c')
      .select((eb) => [
        eb.selectFrom('chat_messages as m').select((e) => e.fn.countAll<string>().as('n')).whereRef('m.conversation_id', '=', 'c.id').as('message_count'),
        eb.selectFrom('chat_messages as m').select('m.content').whereRef('m.conversation_id', '=', 'c.id').where('m.role', '=', 'user').orderBy('m.id').limit(1).as('first_message'),
      ])
      .orderBy(page.sort === 'messages' ? sql`message_count` : sql.ref(`c.${page.sort}`), (ob) => (page.dir === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast()))
      .orderBy('c.id', page.dir)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(n), rows: rows.map((r) => ({ ...r, message_count: Number(r.message_count ?? 0) })) };
}

export async function listFeedback(db: Kysely<Database>, conversationId: string) {
  return db.selectFrom('chat_feedback').select(['feedback', 'updated_at']).where('conversation_id', '=', conversationId).orderBy('updated_at').orderBy('id').execute();
}

export async function listNotes(db: Kysely<Database>, conversationId: string): Promise<ChatNote[]> {
  return db.selectFrom('chat_notes').selectAll().where('conversation_id', '=', conversationId).orderBy('id').execute();
}

export async function insertNote(db: Kysely<Database>, note: { conversationId: string; author: string; body: string }): Promise<ChatNote> {
  return db.insertInto('chat_notes').values({ conversation_id: note.conversationId, author_email: note.author, body: note.body }).returningAll().executeTakeFirstOrThrow();
}

/** Archives (with who) or unarchives a conversation. */
export async function setArchived(db: Kysely<Database>, id: string, archivedBy: string | null): Promise<void> {
  await db.updateTable('chat_conversations').set({ archived_at: archivedBy ? sql`now()` : null, archived_by: archivedBy }).where('id', '=', id).execute();
}

/** Conversations started on each Central-time day of the range (days without any are absent). */
export async function conversationsPerDay(db: Kysely<Database>, range: Required<DayRange>) {
  const dayOf = sql<string>`to_char(c.created_at at time zone ${sql.lit(chatTimeZone)}, 'YYYY-MM-DD')`;
  const rows = await db.selectFrom('chat_conversations as c').select([dayOf.as('day'), (eb) => eb.fn.countAll<string>().as('n')])
    .where((eb) => eb.and(createdWithin('c.created_at', range))).groupBy(dayOf).orderBy(dayOf).execute();
  return rows.map((r) => ({ day: r.day, conversations: Number(r.n) }));
}

/** Conversations, handoffs and the ratings of conversations started in the range. */
export async function conversationTotals(db: Kysely<Database>, range: Required<DayRange>) {
  const rows = await db.selectFrom('chat_conversations as c')
    .select(['c.rating', (eb) => eb.fn.countAll<string>().as('n'), sql<string>`count(*) filter (where c.needs_handoff)`.as('handoffs')])
    .where((eb) => eb.and(createdWithin('c.created_at', range))).groupBy('c.rating').execute();
  return rows.map((r) => ({ rating: r.rating, count: Number(r.n), handoffs: Number(r.handoffs) }));
}

/** Thumbs up and down given in conversations started in the range. */
export async function feedbackCounts(db: Kysely<Database>, range: Required<DayRange>) {
  const rows = await db.selectFrom('chat_feedback as f').innerJoin('chat_conversations as c', 'c.id', 'f.conversation_id')
    .select(['f.feedback', (eb) => eb.fn.countAll<string>().as('n')])
    .where((eb) => eb.and(createdWithin('c.created_at', range))).groupBy('f.feedback').execute();
  return { positive: Number(rows.find((r) => r.feedback === 'positive')?.n ?? 0), negative: Number(rows.find((r) => r.feedback === 'negative')?.n ?? 0) };
}

/** The assistant's intents in the range, most frequent first. */
export async function topicCounts(db: Kysely<Database>, range: Required<DayRange>, limit = 10) {
  const rows = await db.selectFrom('chat_messages as m')
    .select(['m.intent', (eb) => eb.fn.countAll<string>().as('n')])
    .where('m.role', '=', 'assistant').where('m.intent', 'is not', null)
    .where((eb) => eb.and(createdWithin('m.created_at', range)))
    .groupBy('m.intent').orderBy('n', 'desc').orderBy('m.intent').limit(limit).execute();
  return rows.map((r) => ({ intent: r.intent!, count: Number(r.n) }));
}

export async function listQuickResponses(db: Kysely<Database>): Promise<ChatQuickResponseRow[]> {
  return db.selectFrom('chat_quick_responses').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export async function activeQuickResponses(db: Kysely<Database>): Promise<ChatQuickResponseRow[]> {
  return db.selectFrom('chat_quick_responses').selectAll().where('is_active', '=', true).orderBy('sort_order').orderBy('id').execute();
}

export async function findQuickResponse(db: Kysely<Database>, id: number): Promise<ChatQuickResponseRow | undefined> {
  return db.selectFrom('chat_quick_responses').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface QuickResponseFields {
  label: string;
  message: string;
  icon: string;
  isActive: boolean;
}

/** Adds a chip after the last one. */
export async function insertQuickResponse(db: Kysely<Database>, fields: QuickResponseFields): Promise<ChatQuickResponseRow> {
  return db.insertInto('chat_quick_responses')
    .values((eb) => ({
      label: fields.label, message: fields.message, icon: fields.icon, is_active: fields.isActive,
      sort_order: eb.selectFrom('chat_quick_responses').select(sql<number>`coalesce(max(sort_order), 0) + 10`.as('next')),
    }))
    .returningAll().executeTakeFirstOrThrow();
}

export async function updateQuickResponse(db: Kysely<Database>, id: number, fields: QuickResponseFields): Promise<ChatQuickResponseRow | undefined> {
  return db.updateTable('chat_quick_responses')
    .set({ label: fields.label, message: fields.message, icon: fields.icon, is_active: fields.isActive, updated_at: sql`now()` })
    .where('id', '=', id).returningAll().executeTakeFirst();
}

/** Renumbers the chips 10, 20, 30 … in the given order of ids. */
export async function reorderQuickResponses(db: Kysely<Database>, ids: number[]): Promise<void> {
  for (const [i, id] of ids.entries()) {
    await db.updateTable('chat_quick_responses').set({ sort_order: (i + 1) * 10, updated_at: sql`now()` }).where('id', '=', id).execute();
  }
}
