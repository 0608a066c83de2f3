import { sql } from 'kysely';
import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import {
  activeQuickResponses, conversationsPerDay, conversationTotals, feedbackCounts, insertNote, insertQuickResponse, listConversations, listNotes,
  listQuickResponses, reorderQuickResponses, setArchived, topicCounts, updateQuickResponse, type ConversationFilter, type ConversationPage,
} from './chat-admin.repository';
import { ensureConversation, insertMessage, rateConversation, touchConversation, upsertFeedback } from './chat.repository';

const all: ConversationFilter = { handoff: 'all', rating: 'all', archived: 'all' };
const page: ConversationPage = { sort: 'created_at', dir: 'desc', limit: 25, offset: 0 };

describeEachDatabase('chat admin repository', (db) => {
  /** A conversation started at `at` (UTC) with a visitor message and an assistant answer of `intent`. */
  async function conversation(id: string, at: string, visitor: string, intent: string) {
    await ensureConversation(db(), { id, session_id: `session_${id}`, page_context: '/', ip_hash: 'h' });
    await db().updateTable('chat_conversations').set({ created_at: sql`${at}::timestamptz`, last_activity_at: at } as never).where('id', '=', id).execute();
    await insertMessage(db(), { conversation_id: id, role: 'user', content: visitor, image_url: null, intent: null, source: null });
    await insertMessage(db(), { conversation_id: id, role: 'assistant', content: 'An answer.', image_url: null, intent, source: 'builtin' });
    await db().updateTable('chat_messages').set({ created_at: sql`${at}::timestamptz` } as never).where('conversation_id', '=', id).execute();
  }

  test('conversations are found by transcript text (literally), filtered by handoff, rating, archive and Central-time days', async () => {
    // 03:00 UTC on Nov 2 is still Nov 1 in Austin.
    await conversation('conv_repo_a', '2026-11-02T03:00:00Z', 'My water heater is leaking 100%', 'water_heater');
    await conversation('conv_repo_b', '2026-11-02T18:00:00Z', 'Do you serve Kyle?', 'service_area');
    await conversation('conv_repo_c', '2026-11-03T18:00:00Z', 'I want a person', 'handoff');
    await touchConversation(db(), 'conv_repo_c', { needsHandoff: true });
    await rateConversation(db(), 'conv_repo_b', 4);
    await setArchived(db(), 'conv_repo_a', 'staff@example.com');

    const ids = async (filter: Partial<ConversationFilter>, p = page) => (await listConversations(db(), { ...all, ...filter }, p)).rows.map((r) => r.id);
    expect(await ids({ q: 'water heater' })).toEqual(['conv_repo_a']);
    expect(await ids({ q: '100%' })).toEqual(['conv_repo_a']);
    expect(await ids({ q: '1_0' })).toEqual([]);
    expect(await ids({ handoff: 'yes' })).toEqual(['conv_repo_c']);
    expect(await ids({ rating: '4' })).toEqual(['conv_repo_b']);
    expect(await ids({ rating: 'unrated' })).toEqual(['conv_repo_c', 'conv_repo_a']);
    expect(await ids({ archived: 'no' })).toEqual(['conv_repo_c', 'conv_repo_b']);
    expect(await ids({ archived: 'yes' })).toEqual(['conv_repo_a']);
    expect(await ids({ from: '2026-11-01', to: '2026-11-01' })).toEqual(['conv_repo_a']);
    expect(await ids({ from: '2026-11-02', to: '2026-11-02' })).toEqual(['conv_repo_b']);
    expect(await ids({}, { ...page, sort: 'rating', dir: 'desc' })).toEqual(['conv_repo_b', 'conv_repo_c', 'conv_repo_a']);
    const second = await listConversations(db(), all, { ...page, limit: 2, offset: 2 });
    expect(second.total).toBe(3);
    expect(second.rows.map((r) => [r.id, r.message_count, r.first_message])).toEqual([['conv_repo_a', 2, 'My water heater is leaking 100%']]);
    await setArchived(db(), 'conv_repo_a', null);
    expect(await ids({ archived: 'yes' })).toEqual([]);
  });

  test('analytics counts per Central-time day, handoffs, ratings, thumbs and intents', async () => {
    const range = { from: '2026-11-01', to: '2026-11-03' };
    expect(await conversationsPerDay(db(), range)).toEqual([{ day: '2026-11-01', conversations: 1 }, { day: '2026-11-02', conversations: 1 }, { day: '2026-11-03', conversations: 1 }]);
    const totals = await conversationTotals(db(), range);
    expect(totals.reduce((n, t) => n + t.handoffs, 0)).toBe(1);
    expect(totals.find((t) => t.rating === 4)?.count).toBe(1);
    await upsertFeedback(db(), { conversationId: 'conv_repo_b', messageId: 'm1', feedback: 'positive' });
    await upsertFeedback(db(), { conversationId: 'conv_repo_b', messageId: 'm2', feedback: 'negative' });
    await upsertFeedback(db(), { conversationId: 'conv_repo_c', messageId: 'm1', feedback: 'positive' });
    expect(await feedbackCounts(db(), range)).toEqual({ positive: 2, negative: 1 });
    expect(await feedbackCounts(db(), { from: '2026-11-03', to: '2026-11-03' })).toEqual({ positive: 1, negative: 0 });
    expect(await topicCounts(db(), range)).toEqual([{ intent: 'handoff', count: 1 }, { intent: 'service_area', count: 1 }, { intent: 'water_heater', count: 1 }]);
    expect(await topicCounts(db(), { from: '2026-11-02', to: '2026-11-02' })).toEqual([{ intent: 'service_area', count: 1 }]);
  });

  test('notes keep their author and order', async () => {
    await insertNote(db(), { conversationId: 'conv_repo_b', author: 'a@example.com', body: 'Called them back.' });
    await insertNote(db(), { conversationId: 'conv_repo_b', author: 'b@example.com', body: 'Booked Tuesday.' });
    expect((await listNotes(db(), 'conv_repo_b')).map((n) => [n.author_email, n.body])).toEqual([['a@example.com', 'Called them back.'], ['b@example.com', 'Booked Tuesday.']]);
  });

  test('quick responses are added last, edited, reordered, and only active ones are offered', async () => {
    const first = await insertQuickResponse(db(), { label: 'Emergency', message: 'I have an emergency', icon: 'AlertCircle', isActive: true });
    const second = await insertQuickResponse(db(), { label: 'Prices', message: 'How much?', icon: 'DollarSign', isActive: true });
    expect(second.sort_order).toBeGreaterThan(first.sort_order);
    await reorderQuickResponses(db(), [second.id, first.id]);
    expect((await listQuickResponses(db())).map((r) => r.label)).toEqual(['Prices', 'Emergency']);
    await updateQuickResponse(db(), second.id, { label: 'Prices', message: 'How much?', icon: 'DollarSign', isActive: false });
    expect((await activeQuickResponses(db())).map((r) => r.label)).toEqual(['Emergency']);
    expect(await updateQuickResponse(db(), 999_999, { label: 'x', message: 'y', icon: 'Clock', isActive: true })).toBeUndefined();
    await expect(insertQuickResponse(db(), { label: 'x'.repeat(41), message: 'y', icon: 'Clock', isActive: true })).rejects.toThrow();
  });
});
