import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import {
  claimNotification, ensureConversation, findConversation, findImage, insertImage, insertMessage, listMessages,
  rateConversation, touchConversation, upsertFeedback,
} from './chat.repository';

describeEachDatabase('chat repository', (db) => {
  const conversation = { id: 'conv_repo_1', session_id: 'session_repo_1', page_context: '/plumber-kyle', ip_hash: 'a'.repeat(32) };

  test('ensureConversation creates once and returns the stored row afterwards', async () => {
    const created = await ensureConversation(db(), conversation);
    expect(created).toMatchObject({ ...conversation, needs_handoff: false, rating: null, is_demo: false });
    const again = await ensureConversation(db(), { ...conversation, session_id: 'session_other', page_context: '/' });
    expect(again.session_id).toBe('session_repo_1');
    expect(await findConversation(db(), 'conv_missing')).toBeUndefined();
  });

  test('messages are listed oldest first with their handoff flag, intent and source', async () => {
    await insertMessage(db(), { conversation_id: conversation.id, role: 'user', content: 'Do you serve Kyle?', image_url: null, intent: null, source: null });
    await insertMessage(db(), { conversation_id: conversation.id, role: 'assistant', content: 'Yes.', image_url: null, needs_handoff: true, intent: 'service_area', source: 'builtin' });
    const messages = await listMessages(db(), conversation.id);
    expect(messages.map((m) => [m.role, m.content, m.needs_handoff, m.intent, m.source])).toEqual([
      ['user', 'Do you serve Kyle?', false, null, null],
      ['assistant', 'Yes.', true, 'service_area', 'builtin'],
    ]);
  });

  test('touchConversation updates the page and sets the handoff flag without ever clearing it', async () => {
    await touchConversation(db(), conversation.id, { pageContext: '/contact', needsHandoff: true });
    await touchConversation(db(), conversation.id, { needsHandoff: false });
    expect(await findConversation(db(), conversation.id)).toMatchObject({ page_context: '/contact', needs_handoff: true });
  });

  test('feedback is upserted per message', async () => {
    await upsertFeedback(db(), { conversationId: conversation.id, messageId: 'm1', feedback: 'positive' });
    const second = await upsertFeedback(db(), { conversationId: conversation.id, messageId: 'm1', feedback: 'negative' });
    expect(second.feedback).toBe('negative');
    expect(await db().selectFrom('chat_feedback').select('feedback').where('conversation_id', '=', conversation.id).execute()).toEqual([{ feedback: 'negative' }]);
  });

  test('rateConversation records the rating and end time; false for an unknown id; ratings outside 1–5 are refused', async () => {
    expect(await rateConversation(db(), conversation.id, 4)).toBe(true);
    expect(await findConversation(db(), conversation.id)).toMatchObject({ rating: 4, ended_at: expect.any(Date) });
    expect(await rateConversation(db(), 'conv_missing', 4)).toBe(false);
    await expect(rateConversation(db(), conversation.id, 9)).rejects.toThrow();
  });

  test('claimNotification is true once per conversation and kind', async () => {
    const claims = await Promise.all([1, 2, 3].map(() => claimNotification(db(), conversation.id, 'handoff')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimNotification(db(), conversation.id, 'rating')).toBe(true);
    expect(await claimNotification(db(), conversation.id, 'rating')).toBe(false);
  });

  test('images are recorded against their conversation', async () => {
    await insertImage(db(), { id: 'f'.repeat(32), conversation_id: conversation.id, content_type: 'image/jpeg', byte_size: 1234, width: 64, height: 48 });
    expect(await findImage(db(), 'f'.repeat(32))).toMatchObject({ conversation_id: conversation.id, byte_size: 1234 });
  });


});
