/**
 * /admin/chatbot's endpoints over real HTTP on PGlite and PostgreSQL: conversations listed, searched,
 * filtered and paginated; a transcript with notes, archive and the transcript email (queued once);
 * analytics figures on seeded conversations; quick responses added, edited, reordered and switched
 * off, and the public chat then offering them; 401, cross-origin 403, and hostile input refused.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminChatAnalyticsContract, adminChatArchiveContract, adminChatConversationContract, adminChatConversationsContract, adminChatEmailContract, adminChatNoteContract,
  adminQuickResponseAddContract, adminQuickResponseMoveContract, adminQuickResponsesContract, adminQuickResponseUpdateContract,
} from '../../src/lib/api/admin/chatbot.contract';
import { chatContract } from '../../src/lib/api/chat.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { defaultQuickResponses } from '../../src/server/services/assistant/quick-responses';
import { staffSignIn } from '../support/staff-sign-in';
import { staffMailsContaining } from '../support/staff-mail';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const newContracts = [
  adminChatConversationsContract, adminChatConversationContract, adminChatArchiveContract, adminChatNoteContract, adminChatEmailContract,
  adminChatAnalyticsContract, adminQuickResponsesContract, adminQuickResponseAddContract, adminQuickResponseUpdateContract, adminQuickResponseMoveContract,
];
const staffEmail = 'chat.staff@example.com';
const rid = () => randomBytes(6).toString('hex');

describe.each(testDatabaseKinds)('/api/admin/chatbot on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let cookie: string;
  let mailDir: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
    process.env.RATE_LIMIT_DISABLED = '1';
    process.env.CHAT_RATE_LIMIT = 'off';
    delete process.env.SMTP_URL;
    delete process.env.OPENAI_API_KEY;
    db = createDb(site.site.database.env);
    await upsertStaff(db, { email: staffEmail, role: 'staff', addedBy: 'test' });
    cookie = await staffSignIn(origin, mailDir).signIn(staffEmail);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  const call = (method: string, p: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin, ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const getJson = async (p: string) => {
    const response = await call('GET', p);
    expect(response.status, p).toBe(200);
    return response.json();
  };
  const chat = async (content: string, conversationId = `conv_${rid()}`, sessionId = `session_${rid()}`) => {
    const response = await fetch(`${origin}/api/chatbot`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ messages: [{ role: 'user', content }], sessionId, conversationId, pageContext: '/water-heater-services' }) });
    expect(response.status).toBe(200);
    return { conversationId, sessionId, answer: chatContract.response.parse(await response.json()) };
  };

  /** A conversation started on a given day (UTC time), with a visitor question and an assistant answer of `intent`. */
  async function seeded(at: string, visitor: string, intent: string, extra: { rating?: number; handoff?: boolean } = {}): Promise<string> {
    const id = `conv_seed_${rid()}`;
    await db.insertInto('chat_conversations').values({ id, session_id: `session_${rid()}`, page_context: '/', ip_hash: 'h', rating: extra.rating ?? null, needs_handoff: extra.handoff ?? false }).execute();
    await db.insertInto('chat_messages').values([
      { conversation_id: id, role: 'user', content: visitor, image_url: null, intent: null, source: null },
      { conversation_id: id, role: 'assistant', content: 'An answer.', image_url: null, intent, source: 'builtin', needs_handoff: extra.handoff ?? false },
    ]).execute();
    await sql`update chat_conversations set created_at = ${at}::timestamptz, last_activity_at = ${at}::timestamptz where id = ${id}`.execute(db);
    await sql`update chat_messages set created_at = ${at}::timestamptz where conversation_id = ${id}`.execute(db);
    return id;
  }

  test('every new endpoint answers 401 without a session, and refuses writes from another origin with 403', async () => {
    for (const contract of newContracts) {
      const p = contract.path.replace(':id', contract.path.includes('conversations/') ? 'conv_abcdefgh' : '1');
      const anonymous = await fetch(`${origin}${p}`, { method: contract.method, headers: { 'Content-Type': 'application/json', Origin: origin }, body: contract.method === 'GET' ? undefined : '{}' });
      expect(anonymous.status, `${contract.method} ${p}`).toBe(401);
      expect((await anonymous.json()).error).toMatch(errorFormat);
      if (contract.method === 'GET') continue;
      for (const badOrigin of ['https://evil.example', undefined]) {
        const response = await fetch(`${origin}${p}`, { method: contract.method, headers: { 'Content-Type': 'application/json', Cookie: cookie, ...(badOrigin ? { Origin: badOrigin } : {}) }, body: '{}' });
        expect(response.status, `${contract.method} ${p} from ${badOrigin ?? 'no origin'}`).toBe(403);
      }
    }
  });

  test('conversations are listed, searched by transcript, filtered and paginated', async () => {
    const word = `zq${rid()}`;
    const a = await chat(`My water heater ${word} is leaking`);
    const b = await chat(`I need a person to call me about ${word}, please`);
    const c = await chat('Do you serve Kyle?');
    const found = await getJson(`/api/admin/chatbot/conversations?q=${word}`);
    expect(found.total).toBe(2);
    expect(found.rows.map((r: { id: string }) => r.id).sort()).toEqual([a.conversationId, b.conversationId].sort());
    expect(found.rows.find((r: { id: string }) => r.id === a.conversationId)).toMatchObject({ messageCount: 2, firstMessage: `My water heater ${word} is leaking`, pageContext: '/water-heater-services', archivedAt: null });
    const handoffs = await getJson(`/api/admin/chatbot/conversations?q=${word}&handoff=yes`);
    expect(handoffs.rows.map((r: { id: string }) => r.id)).toEqual([b.conversationId]);
    const noHandoff = await getJson(`/api/admin/chatbot/conversations?q=${word}&handoff=no`);
    expect(noHandoff.rows.map((r: { id: string }) => r.id)).toEqual([a.conversationId]);

    await fetch(`${origin}/api/chatbot/end-conversation`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ conversationId: c.conversationId, sessionId: c.sessionId, rating: 2 }) });
    expect((await getJson('/api/admin/chatbot/conversations?rating=2')).rows.map((r: { id: string }) => r.id)).toContain(c.conversationId);
    expect((await getJson('/api/admin/chatbot/conversations?rating=unrated')).rows.map((r: { id: string }) => r.id)).not.toContain(c.conversationId);

    const pageOne = await getJson(`/api/admin/chatbot/conversations?q=${word}&pageSize=5&sort=created_at&dir=asc`);
    expect(pageOne.rows[0].id).toBe(a.conversationId);
    const all = await getJson('/api/admin/chatbot/conversations?pageSize=5');
    expect(all.total).toBeGreaterThanOrEqual(3);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
    expect((await getJson(`/api/admin/chatbot/conversations?from=${today}&to=${today}&q=${word}`)).total).toBe(2);
    expect((await getJson(`/api/admin/chatbot/conversations?from=2020-01-01&to=2020-01-02&q=${word}`)).total).toBe(0);
  });

  test('a transcript shows its turns; a note, archive and unarchive are saved and audited; the transcript email is queued once', async () => {
    const { conversationId } = await chat('My water heater is making a popping noise');
    const detail = await getJson(`/api/admin/chatbot/conversations/${conversationId}`);
    expect(detail.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(detail.messages[0].content).toBe('My water heater is making a popping noise');
    expect(detail.messages[1].intent).toBe('water_heater');
    expect((await call('GET', '/api/admin/chatbot/conversations/conv_missing123')).status).toBe(404);

    const noted = await call('POST', `/api/admin/chatbot/conversations/${conversationId}/notes`, { body: '  Called back, booked Tuesday.  ' });
    expect(noted.status).toBe(200);
    expect((await noted.json()).notes).toEqual([expect.objectContaining({ author: staffEmail, body: 'Called back, booked Tuesday.', at: expect.any(String) })]);
    const empty = await call('POST', `/api/admin/chatbot/conversations/${conversationId}/notes`, { body: '   ' });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toMatch(errorFormat);

    const archived = await call('PATCH', `/api/admin/chatbot/conversations/${conversationId}`, { archived: true });
    expect(await archived.json()).toMatchObject({ archivedAt: expect.any(String), archivedBy: staffEmail });
    expect((await getJson(`/api/admin/chatbot/conversations?q=popping`)).rows.map((r: { id: string }) => r.id)).not.toContain(conversationId);
    expect((await getJson(`/api/admin/chatbot/conversations?q=popping&archived=yes`)).rows.map((r: { id: string }) => r.id)).toEqual([conversationId]);
    await call('PATCH', `/api/admin/chatbot/conversations/${conversationId}`, { archived: true });
    const restored = await (await call('PATCH', `/api/admin/chatbot/conversations/${conversationId}`, { archived: false })).json();
    expect(restored).toMatchObject({ archivedAt: null, archivedBy: null });

    const emailed = await call('POST', `/api/admin/chatbot/conversations/${conversationId}/email`, {});
    expect(emailed.status).toBe(200);
    const { outboxId } = await emailed.json();
    const outbox = await db.selectFrom('outbox_messages').selectAll().where('topic', '=', 'staff-chat-transcript').execute();
    expect(outbox.filter((m) => JSON.stringify(m.payload).includes(conversationId)).map((m) => m.id)).toEqual([outboxId]);
    await expect.poll(async () => (await staffMailsContaining(conversationId, mailDir)).length, { timeout: 10_000 }).toBe(1);
    const mail = (await staffMailsContaining(conversationId, mailDir))[0]!;
    expect(mail).toContain(`${staffEmail} sent this website chat transcript`);
    expect(mail).toContain('popping noise');

    const history = (await getJson(`/api/admin/chatbot/conversations/${conversationId}`)).history.map((h: { action: string }) => h.action);
    expect(history.sort()).toEqual(['chat.archive', 'chat.email', 'chat.note', 'chat.unarchive']);
    const audit = await db.selectFrom('audit_log').selectAll().where('entity', '=', 'chat-conversation').where('entity_id', '=', conversationId).execute();
    expect(audit).toHaveLength(4);
    expect(audit.every((a) => a.actor_email === staffEmail && a.request_id)).toBe(true);
  });

  test('analytics count seeded conversations per day, handoffs, ratings, thumbs and topics', async () => {
    // 2025-03-01 03:00 UTC is still 28 February in Austin.
    const ids = [
      await seeded('2025-03-01T03:00:00Z', 'leak under sink', 'leak', { rating: 5 }),
      await seeded('2025-03-02T16:00:00Z', 'water heater', 'water_heater', { rating: 4 }),
      await seeded('2025-03-02T17:00:00Z', 'another water heater', 'water_heater', { rating: 1, handoff: true }),
      await seeded('2025-03-04T16:00:00Z', 'talk to a person', 'handoff', { handoff: true }),
    ];
    await db.insertInto('chat_feedback').values([
      { conversation_id: ids[1]!, message_id: 'm1', feedback: 'positive' },
      { conversation_id: ids[1]!, message_id: 'm2', feedback: 'positive' },
      { conversation_id: ids[2]!, message_id: 'm1', feedback: 'negative' },
    ]).execute();
    const figures = await getJson('/api/admin/chatbot/analytics?from=2025-02-28&to=2025-03-04');
    expect(figures).toMatchObject({
      from: '2025-02-28', to: '2025-03-04', conversations: 4, handoffs: 2,
      perDay: [{ day: '2025-02-28', conversations: 1 }, { day: '2025-03-01', conversations: 0 }, { day: '2025-03-02', conversations: 2 }, { day: '2025-03-03', conversations: 0 }, { day: '2025-03-04', conversations: 1 }],
      ratings: { counts: { 1: 1, 2: 0, 3: 0, 4: 1, 5: 1 }, rated: 3, unrated: 1, average: 3.33 },
      feedback: { positive: 2, negative: 1 },
      topics: [{ intent: 'water_heater', count: 2 }, { intent: 'handoff', count: 1 }, { intent: 'leak', count: 1 }],
    });
    const oneDay = await getJson('/api/admin/chatbot/analytics?from=2025-03-02&to=2025-03-02');
    expect(oneDay).toMatchObject({ conversations: 2, handoffs: 1, ratings: { average: 2.5 }, topics: [{ intent: 'water_heater', count: 2 }] });
    const byDefault = await getJson('/api/admin/chatbot/analytics');
    expect(byDefault.perDay).toHaveLength(30);
    expect(byDefault.to).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date()));
    const backwards = await call('GET', '/api/admin/chatbot/analytics?from=2025-03-04&to=2025-03-01');
    expect(backwards.status).toBe(400);
    expect((await call('GET', '/api/admin/chatbot/analytics?from=2020-01-01&to=2025-01-01')).status).toBe(400);
  });

  test('quick responses: added, edited, reordered, switched off, audited; the public chat then offers them', async () => {
    expect((await chat('hello')).answer.quickResponses).toEqual(defaultQuickResponses('en'));
    const start = await getJson('/api/admin/chatbot/quick-responses');
    expect(start).toEqual({ rows: [], builtinDefaults: defaultQuickResponses('en') });

    const add = async (label: string, message: string, icon = 'Wrench') => {
      const response = await call('POST', '/api/admin/chatbot/quick-responses', { label, message, icon, isActive: true });
      expect(response.status).toBe(200);
      return response.json();
    };
    const leak = await add('Leak help', 'I think I have a leak');
    const quote = await add('Free quote', 'How much will my job cost?', 'DollarSign');
    const hours = await add('Hours', 'When are you open?', 'Clock');
    expect((await chat('hello')).answer.quickResponses.map((q) => q.label)).toEqual(['Leak help', 'Free quote', 'Hours']);

    const tooLong = await call('POST', '/api/admin/chatbot/quick-responses', { label: 'x'.repeat(41), message: 'y', icon: 'Clock', isActive: true });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).error).toMatch(errorFormat);
    expect((await call('POST', '/api/admin/chatbot/quick-responses', { label: 'Ok', message: 'y', icon: 'Rocket', isActive: true })).status).toBe(400);

    const edited = await call('PUT', `/api/admin/chatbot/quick-responses/${quote.id}`, { label: 'Price check', message: 'What does a repair cost?', icon: 'DollarSign', isActive: true });
    expect(await edited.json()).toMatchObject({ id: quote.id, label: 'Price check', message: 'What does a repair cost?' });
    const moved = await (await call('POST', `/api/admin/chatbot/quick-responses/${quote.id}/move`, { direction: 'up' })).json();
    expect(moved.rows.map((r: { label: string }) => r.label)).toEqual(['Price check', 'Leak help', 'Hours']);
    const top = await (await call('POST', `/api/admin/chatbot/quick-responses/${quote.id}/move`, { direction: 'up' })).json();
    expect(top.rows.map((r: { label: string }) => r.label)).toEqual(['Price check', 'Leak help', 'Hours']);
    await call('POST', `/api/admin/chatbot/quick-responses/${hours.id}/move`, { direction: 'down' });
    const off = await call('PUT', `/api/admin/chatbot/quick-responses/${leak.id}`, { label: 'Leak help', message: 'I think I have a leak', icon: 'Wrench', isActive: false });
    expect(await off.json()).toMatchObject({ isActive: false });
    expect((await call('PUT', '/api/admin/chatbot/quick-responses/999999', { label: 'a', message: 'b', icon: 'Clock', isActive: true })).status).toBe(404);
    expect((await call('POST', '/api/admin/chatbot/quick-responses/999999/move', { direction: 'up' })).status).toBe(404);

    const greeting = (await chat('hello')).answer;
    expect(greeting.quickResponses).toEqual([
      { label: 'Price check', message: 'What does a repair cost?', icon: 'DollarSign' },
      { label: 'Hours', message: 'When are you open?', icon: 'Clock' },
    ]);
    // A reply about a known topic keeps its own chips.
    const emergency = (await chat('Water is pouring through my ceiling!')).answer;
    expect(emergency.quickResponses.map((q) => q.label)).not.toContain('Price check');

    const audit = await db.selectFrom('audit_log').select(['action', 'entity_id']).where('entity', '=', 'chat-quick-response').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['quick-response.add', 'quick-response.add', 'quick-response.add', 'quick-response.change', 'quick-response.move-up', 'quick-response.deactivate']);

    // With every chip switched off, the chat offers the built-in defaults again.
    for (const row of [quote, hours]) await call('PUT', `/api/admin/chatbot/quick-responses/${row.id}`, { label: row.label, message: row.message, icon: row.icon, isActive: false });
    expect((await chat('hello')).answer.quickResponses).toEqual(defaultQuickResponses('en'));
  });

  test('hostile input on every new endpoint gets a 4xx with a sentence, never a 500, and changes nothing', async () => {
    const { conversationId } = await chat('A leak by the water heater');
    const snapshot = async () => ({
      conversations: await db.selectFrom('chat_conversations').select(['id', 'archived_at']).orderBy('id').execute(),
      notes: (await db.selectFrom('chat_notes').select('id').execute()).length,
      outbox: (await db.selectFrom('outbox_messages').select('id').execute()).length,
      chips: await db.selectFrom('chat_quick_responses').selectAll().orderBy('id').execute(),
      audit: (await db.selectFrom('audit_log').select('id').execute()).length,
    });
    const before = await snapshot();
    const hostileValue = fc.oneof(
      fc.string({ maxLength: 300 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant('\u0000'), fc.constant("' or 1=1 --"), fc.constant('2026-02-30'),
      fc.constant('9999-01-01'), fc.array(fc.string(), { maxLength: 3 }), fc.object({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...newContracts),
        fc.dictionary(fc.constantFrom('archived', 'body', 'direction', 'label', 'message', 'icon', 'isActive', 'q', 'page', 'pageSize', 'sort', 'rating', 'handoff', 'from', 'to', '__proto__'), hostileValue, { maxKeys: 4 }),
        fc.constantFrom(conversationId, 'conv_missing1', '1', '0', '-1', 'abc', '99999999999', '%00', '1;drop table chat_notes', '..%2F..'),
        (contract, input, id) => expectHostileAdminCallRefused(origin, cookie, contract, input, id),
      ),
      { numRuns: 120 },
    );
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
