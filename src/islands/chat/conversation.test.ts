import { describe, expect, test } from 'vitest';
import { chatContract, chatMessageMaxLength, quickResponseSchema } from '../../lib/api/chat.contract';
import {
  canSend, chatReplySchema, connectionFailureText, conversationExpiryMs, decodeStoredConversation, defaultQuickResponses,
  greetingText, linkifySitePaths, messageContent, messageMaxLength, newConversation, requestMessages, safeImageUrl,
  schedulerFailureText, type ChatMessage,
} from './conversation';

const now = 1_750_000_000_000;
const stored = (overrides: Record<string, unknown> = {}) => JSON.stringify({
  sessionId: 'session_1750000000000_abc123xyz',
  conversationId: 'conv_1750000000000_def456uvw',
  messages: [{ id: 'msg_1', role: 'assistant', content: 'Hello', timestamp: now - 1000 }],
  lastActivity: now - 60_000,
  pageContext: '/drain-cleaning',
  rating: null,
  ...overrides,
});

describe('newConversation', () => {
  test('makes ids the chat contract accepts: session_ and conv_ with the time and a random part', () => {
    const c = newConversation(now, '/');
    expect(c.sessionId).toMatch(new RegExp(`^session_${now}_[0-9a-f]{32}$`));
    expect(c.conversationId).toMatch(new RegExp(`^conv_${now}_[0-9a-f]{32}$`));
    const request = chatContract.request.safeParse({ messages: [{ role: 'user', content: 'Hi' }], sessionId: c.sessionId, conversationId: c.conversationId, pageContext: '/' });
    expect(request.success).toBe(true);
  });

  test('starts empty, unrated, on the current page', () => {
    expect(newConversation(now, '/plumber-kyle')).toMatchObject({ messages: [], rating: null, pageContext: '/plumber-kyle', lastActivity: now });
  });

  test('gives each conversation different ids', () => {
    expect(newConversation(now, '/').conversationId).not.toBe(newConversation(now, '/').conversationId);
  });
});

describe('decodeStoredConversation', () => {
  test('continues a valid conversation stored less than 30 minutes ago', () => {
    const { conversation, fresh } = decodeStoredConversation(stored(), now, '/');
    expect(fresh).toBe(false);
    expect(conversation.conversationId).toBe('conv_1750000000000_def456uvw');
    expect(conversation.messages).toHaveLength(1);
  });

  test('starts a new conversation when nothing is stored', () => {
    const { conversation, fresh } = decodeStoredConversation(null, now, '/faq');
    expect(fresh).toBe(true);
    expect(conversation.messages).toEqual([]);
    expect(conversation.pageContext).toBe('/faq');
  });

  test('starts a new conversation after more than 30 minutes of inactivity', () => {
    const { conversation, fresh } = decodeStoredConversation(stored({ lastActivity: now - conversationExpiryMs - 1 }), now, '/');
    expect(fresh).toBe(true);
    expect(conversation.conversationId).not.toBe('conv_1750000000000_def456uvw');
  });

  test('keeps a conversation idle for exactly 30 minutes', () => {
    expect(decodeStoredConversation(stored({ lastActivity: now - conversationExpiryMs }), now, '/').fresh).toBe(false);
  });

  test.each([
    ['text that is not JSON', '{not json'],
    ['a number', '42'],
    ['JSON null', 'null'],
    ['a session id without its prefix', stored({ sessionId: 'abc1234567' })],
    ['a conversation id with HTML in it', stored({ conversationId: 'conv_<script>alert(1)</script>' })],
    ['messages that are not a list', stored({ messages: 'hello' })],
    ['a missing lastActivity', stored({ lastActivity: undefined })],
  ])('discards corrupt storage: %s', (_what, raw) => {
    const { conversation, fresh } = decodeStoredConversation(raw, now, '/');
    expect(fresh).toBe(true);
    expect(conversation.messages).toEqual([]);
  });
});

describe('decodeStoredConversation with what SPEC makes optional or another page version wrote', () => {
  test('a conversation stored without a rating is continued, unrated', () => {
    const { rating: _r, ...withoutRating } = JSON.parse(stored()) as Record<string, unknown>;
    const { conversation, fresh } = decodeStoredConversation(JSON.stringify(withoutRating), now, '/');
    expect(fresh).toBe(false);
    expect(conversation.rating).toBeNull();
  });

  test('an out-of-range rating is dropped, not the conversation', () => {
    const { conversation, fresh } = decodeStoredConversation(stored({ rating: 6 }), now, '/');
    expect(fresh).toBe(false);
    expect(conversation.rating).toBeNull();
  });

  test('one unreadable message is dropped and the others kept; unknown fields are ignored', () => {
    const good = { id: 'm1', role: 'user', content: 'My heater is leaking', timestamp: 1, mood: 'worried' };
    const { conversation, fresh } = decodeStoredConversation(stored({ messages: [good, { id: 'm2', role: 'system', content: 'x', timestamp: 2 }], theme: 'dark' }), now, '/');
    expect(fresh).toBe(false);
    expect(conversation.messages.map((m) => m.id)).toEqual(['m1']);
  });
});

describe('canSend', () => {
  test('sends text when idle', () => expect(canSend({ text: 'My sink is clogged', hasImage: false, sending: false })).toBe(true));
  test('sends an image with no text', () => expect(canSend({ text: '', hasImage: true, sending: false })).toBe(true));
  test('refuses empty or blank text without an image', () => {
    expect(canSend({ text: '', hasImage: false, sending: false })).toBe(false);
    expect(canSend({ text: '  \n ', hasImage: false, sending: false })).toBe(false);
  });
  test('refuses anything while a send is in progress', () => expect(canSend({ text: 'Hello', hasImage: true, sending: true })).toBe(false));
  test('refuses text over 500 characters', () => {
    expect(messageMaxLength).toBe(chatMessageMaxLength);
    expect(canSend({ text: 'a'.repeat(500), hasImage: false, sending: false })).toBe(true);
    expect(canSend({ text: 'a'.repeat(501), hasImage: false, sending: false })).toBe(false);
  });
});

describe('messageContent', () => {
  test('records an image-only message with the sentence from SPEC §5', () => {
    expect(messageContent('  ', true)).toBe("I've uploaded an image of my plumbing issue");
  });
  test('keeps the text, trimmed, when there is some', () => expect(messageContent(' Leak under sink ', true)).toBe('Leak under sink'));
});

describe('texts', () => {
  test('the greeting lists the help topics of SPEC §4', () => {
    const greeting = greetingText('Economy Plumbing Services');
    for (const topic of ['Water heater questions', 'Pricing estimates', 'Scheduling', 'Emergency info', 'Common issues']) {
      expect(greeting).toContain(topic);
    }
  });
  test('the connection failure names the shown phone number (SPEC §8)', () => {
    expect(connectionFailureText('(512) 555-0100')).toBe("I'm having trouble connecting right now. Please text us directly at (512) 555-0100 or call for immediate assistance.");
  });
  test('the scheduler failure asks to call or refresh and click Schedule Service (SPEC §8)', () => {
    const text = schedulerFailureText('(512) 555-0100');
    expect(text).toContain('(512) 555-0100');
    expect(text).toContain("refresh the page and click 'Schedule Service'");
  });
});

describe('defaultQuickResponses', () => {
  test('are the six of SPEC §3, each valid for the contract', () => {
    expect(defaultQuickResponses.map((q) => q.label)).toEqual(['Emergency Service', 'Get Quote', 'Schedule Service', 'Water Heater Issue', 'Business Hours', 'Service Areas']);
    for (const q of defaultQuickResponses) expect(quickResponseSchema.safeParse(q).success).toBe(true);
  });
});

describe('chatReplySchema', () => {
  const reply = { message: 'Hi', needsHandoff: false, openScheduler: true, quickResponses: [{ label: 'Call', message: 'Call me', icon: 'Clock' }] };
  test('accepts what the contract accepts', () => {
    expect(chatContract.response.safeParse(reply).success).toBe(true);
    expect(chatReplySchema.safeParse(reply).success).toBe(true);
  });
  test('reads an answer without quickResponses (the chips stay) and defaults missing flags to false', () => {
    const read = chatReplySchema.parse({ message: 'Hi' });
    expect(read).toEqual({ message: 'Hi', needsHandoff: false, openScheduler: false, quickResponses: undefined });
  });
  test('drops one unreadable chip, gives an unknown icon the help icon, and ignores unknown fields', () => {
    const read = chatReplySchema.parse({ ...reply, extra: 1, quickResponses: [{ label: '', message: 'y', icon: 'Clock' }, { label: 'x', message: 'y', icon: 'Bomb' }] });
    expect(read.quickResponses).toEqual([{ label: 'x', message: 'y', icon: 'HelpCircle' }]);
  });
  test('still needs the message itself', () => {
    expect(chatReplySchema.safeParse({ needsHandoff: true }).success).toBe(false);
  });
});

describe('requestMessages', () => {
  test('sends at most the last 60 messages, as the contract allows', () => {
    const messages: ChatMessage[] = Array.from({ length: 75 }, (_, i) => ({ id: `m${i}`, role: i % 2 ? 'assistant' : 'user', content: `message ${i}`, timestamp: i, feedback: 'positive' }));
    const sent = requestMessages(messages);
    expect(sent).toHaveLength(60);
    expect(sent[0]).toEqual({ role: 'assistant', content: 'message 15' });
    expect(chatContract.request.safeParse({ messages: sent, sessionId: 'session_1_abcdefgh', conversationId: 'conv_1_abcdefgh', pageContext: '/' }).success).toBe(true);
  });
});

describe('linkifySitePaths', () => {
  test('turns a plain site path into a link and keeps the rest as text', () => {
    expect(linkifySitePaths('See /water-heater-services for details.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: '/water-heater-services', href: '/water-heater-services' },
      { kind: 'text', text: ' for details.' },
    ]);
  });
  test('links nested paths and paths in brackets', () => {
    expect(linkifySitePaths('(/commercial/restaurants)').filter((p) => p.kind === 'link').map((p) => p.text)).toEqual(['/commercial/restaurants']);
  });
  test('never links other sites, schemes or protocol-relative addresses', () => {
    for (const text of ['//evil.example/x', 'javascript:alert(1)', 'https://evil.example/path', 'a/b/c', '<a href="/x">x</a>']) {
      expect(linkifySitePaths(text).filter((p) => p.kind === 'link')).toEqual([]);
    }
  });
  test('keeps HTML as text', () => {
    expect(linkifySitePaths('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]);
  });
});

describe('safeImageUrl', () => {
  test('allows our own paths, https and local previews', () => {
    expect(safeImageUrl('/api/chatbot/uploads/a.webp')).toBe('/api/chatbot/uploads/a.webp');
    expect(safeImageUrl('https://blobs.example/a.webp')).toBe('https://blobs.example/a.webp');
  });
  test('refuses javascript:, data: and protocol-relative addresses', () => {
    for (const url of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/a.png', 'http://plain.example/a.png']) {
      expect(safeImageUrl(url)).toBeUndefined();
    }
  });
});
