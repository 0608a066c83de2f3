import { beforeEach, describe, expect, test } from 'vitest';
import { chatContract, chatEndContract, chatFeedbackContract } from '../../lib/api/chat.contract';
import { ApiError } from '../../lib/api/client';
import { chatUiKey } from './chat-ui-state';
import {
  $announcement, $chatState, $conversation, $focusRequest, $handoff, chooseImage, clearChat, closeChat, endChat,
  giveFeedback, initChat, minimizeChat, openChat, quickResponsesKey, rateChat, sendMessage, sendQuickResponse,
  type ChatEnvironment,
} from './chat.store';
import { conversationExpiryMs, conversationKey, defaultQuickResponses } from './conversation';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() { return this.items.size; }
  clear() { this.items.clear(); }
  getItem(key: string) { return this.items.get(key) ?? null; }
  key(i: number) { return [...this.items.keys()][i] ?? null; }
  removeItem(key: string) { this.items.delete(key); }
  setItem(key: string, value: string) { this.items.set(key, String(value)); }
}

type Call = { method: string; url: string; body: unknown };
type Answer = (call: Call) => Response | Promise<Response>;

const reply = (body: Partial<{ message: string; needsHandoff: boolean; openScheduler: boolean; quickResponses: unknown[] }> = {}) =>
  Response.json({ message: 'Happy to help.', needsHandoff: false, openScheduler: false, quickResponses: [], ...body });

let clock: number;
let calls: Call[];
let answer: Answer;
let tones: number;
let schedulerOpens: boolean;
let errors: string[];
let local: MemoryStorage;
let session: MemoryStorage;
let path: string;

function environment(): ChatEnvironment {
  return {
    now: () => clock,
    localStorage: local,
    sessionStorage: session,
    pagePath: () => path,
    phones: () => ({ austin: { display: '(512) 555-0100', tel: 'tel:+15125550100' }, 'marble-falls': { display: '(830) 555-0100', tel: 'tel:+18305550100' } }),
    openScheduler: async () => schedulerOpens,
    playTone: () => { tones += 1; },
    request: async (method, url, body) => {
      const call = { method, url, body };
      calls.push(call);
      const response = await answer(call);
      if (!response.ok) throw new ApiError(`${response.status}: failed`, response.status);
      return response;
    },
    logError: (what) => { errors.push(what); },
  };
}

const messages = () => $conversation.get().messages;
const lastMessage = () => messages().at(-1)!;

beforeEach(() => {
  clock = 1_750_000_000_000;
  calls = [];
  answer = () => reply();
  tones = 0;
  schedulerOpens = false;
  errors = [];
  local = new MemoryStorage();
  session = new MemoryStorage();
  path = '/water-heater-services';
  initChat(environment());
});

describe('opening and closing', () => {
  test('starts closed; opening greets an empty chat once', () => {
    expect($chatState.get().view).toBe('closed');
    openChat({ moveFocus: true });
    expect($chatState.get().view).toBe('open');
    expect(messages()).toHaveLength(1);
    expect(lastMessage().content).toContain('Water heater questions');
    closeChat();
    openChat({ moveFocus: true });
    expect(messages()).toHaveLength(1);
  });

  test('goes open → minimized → open → closed, asking for focus at each step', () => {
    openChat({ moveFocus: true });
    expect($focusRequest.get()?.target).toBe('panel');
    minimizeChat();
    expect($chatState.get().view).toBe('minimized');
    expect($focusRequest.get()?.target).toBe('minimized');
    openChat({ moveFocus: true });
    expect($chatState.get().view).toBe('open');
    minimizeChat();
    closeChat();
    expect($chatState.get().view).toBe('closed');
    expect($focusRequest.get()?.target).toBe('launcher');
  });

  test('keeps the view for the next page and reopens the panel there', () => {
    openChat({ moveFocus: true });
    expect(JSON.parse(session.getItem(chatUiKey)!)).toEqual({ view: 'open', unread: 0 });
    initChat(environment());
    expect($chatState.get().view).toBe('open');
    expect($focusRequest.get()).toBeNull();
    minimizeChat();
    initChat(environment());
    expect($chatState.get().view).toBe('minimized');
  });
});

describe('storage', () => {
  test('saves the conversation under chatbot_conversations and continues it on the next page', async () => {
    openChat({ moveFocus: true });
    await sendMessage('Is a tankless heater worth it?');
    const saved = JSON.parse(local.getItem(conversationKey)!);
    expect(saved).toMatchObject({ pageContext: '/water-heater-services', rating: null, lastActivity: clock });
    expect(saved.messages.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    path = '/faq';
    initChat(environment());
    expect($conversation.get().conversationId).toBe(saved.conversationId);
    expect(messages()).toHaveLength(3);
  });

  test('starts over with fresh ids when the stored conversation is corrupt', () => {
    local.setItem(conversationKey, '{"sessionId": 12');
    initChat(environment());
    expect(messages()).toEqual([]);
    expect($conversation.get().sessionId).toMatch(/^session_/);
  });

  test('starts over when the conversation was idle for over 30 minutes, even with the panel open', async () => {
    openChat({ moveFocus: true });
    await sendMessage('Hello');
    const first = $conversation.get().conversationId;
    clock += conversationExpiryMs + 1;
    await sendMessage('Still there?');
    expect($conversation.get().conversationId).not.toBe(first);
    expect(messages().map((m) => m.content)).toEqual(['Still there?', 'Happy to help.']);
  });
});

describe('sending', () => {
  test('sends the conversation, session, ids and page as the contract asks, and adds the reply', async () => {
    openChat({ moveFocus: true });
    await sendMessage('  My drain is slow  ');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/chatbot');
    expect(chatContract.request.safeParse(calls[0]!.body).success).toBe(true);
    expect(calls[0]!.body).toMatchObject({ pageContext: '/water-heater-services', messages: [{ role: 'assistant' }, { role: 'user', content: 'My drain is slow' }] });
    expect(lastMessage()).toMatchObject({ role: 'assistant', content: 'Happy to help.' });
    expect($announcement.get()).toBe('AI: Happy to help.');
  });

  test('is sending (input disabled) until the reply arrives, and refuses a second send meanwhile', async () => {
    openChat({ moveFocus: true });
    let release!: () => void;
    answer = () => new Promise((resolve) => { release = () => resolve(reply()); });
    const first = sendMessage('First');
    expect($chatState.get().sending).toBe(true);
    expect(await sendMessage('Second')).toBe(false);
    release();
    expect(await first).toBe(true);
    expect($chatState.get().sending).toBe(false);
    expect(calls).toHaveLength(1);
  });

  test('refuses empty text without an image and text over 500 characters', async () => {
    openChat({ moveFocus: true });
    expect(await sendMessage('   ')).toBe(false);
    expect(await sendMessage('x'.repeat(501))).toBe(false);
    expect(calls).toEqual([]);
  });

  test('replaces the quick replies with the ones a reply brings, and keeps them for the next page', async () => {
    openChat({ moveFocus: true });
    expect($chatState.get().quickResponses).toEqual(defaultQuickResponses);
    const offered = [{ label: 'Tank or tankless?', message: 'Should I get a tankless heater?', icon: 'Wrench' }];
    answer = () => reply({ quickResponses: offered });
    await sendQuickResponse(defaultQuickResponses[3]!);
    expect(calls[0]!.body).toMatchObject({ messages: [{}, { content: "I'm having a problem with my water heater." }] });
    expect($chatState.get().quickResponses).toEqual(offered);
    expect(JSON.parse(session.getItem(quickResponsesKey)!)).toEqual(offered);
    initChat(environment());
    expect($chatState.get().quickResponses).toEqual(offered);
  });

  test('a failed request adds the SPEC §8 message with the shown Austin number and the handoff card', async () => {
    openChat({ moveFocus: true });
    answer = () => new Response('down', { status: 503 });
    await sendMessage('Hello?');
    expect(lastMessage().content).toBe("I'm having trouble connecting right now. Please text us directly at (512) 555-0100 or call for immediate assistance.");
    expect($handoff.get()).toBe(true);
    expect(errors).toEqual(['the chat request failed']);
    expect($chatState.get().sending).toBe(false);
  });

  test('an answer without a message counts as a failed request', async () => {
    openChat({ moveFocus: true });
    answer = () => Response.json({ reply: 'hi', needsHandoff: false });
    await sendMessage('Hello?');
    expect(lastMessage().content).toContain("I'm having trouble connecting right now.");
  });

  test('an answer with only a message (SPEC allows it) is shown and the chips stay as they were', async () => {
    openChat({ moveFocus: true });
    const chips = $chatState.get().quickResponses;
    answer = () => Response.json({ message: 'We serve Kyle.' });
    await sendMessage('Do you serve Kyle?');
    expect(lastMessage().content).toBe('We serve Kyle.');
    expect($chatState.get().quickResponses).toEqual(chips);
  });

  test('a reply with needsHandoff shows the card, which then stays', async () => {
    openChat({ moveFocus: true });
    answer = () => reply({ needsHandoff: true, message: 'Let me connect you.' });
    await sendMessage('I want a person');
    expect($handoff.get()).toBe(true);
    answer = () => reply();
    await sendMessage('Thanks');
    expect($handoff.get()).toBe(true);
  });
});

describe('unread messages and the tone', () => {
  test('a reply that arrives while closed raises the unread count and chimes; opening resets it', async () => {
    openChat({ moveFocus: true });
    let release!: () => void;
    answer = () => new Promise((resolve) => { release = () => resolve(reply()); });
    const sent = sendMessage('Hello');
    closeChat();
    release();
    await sent;
    expect($chatState.get().unread).toBe(1);
    expect(tones).toBe(1);
    expect(JSON.parse(session.getItem(chatUiKey)!)).toEqual({ view: 'closed', unread: 1 });
    openChat({ moveFocus: true });
    expect($chatState.get().unread).toBe(0);
  });

  test('a reply that arrives while minimized is counted on the bar and chimes', async () => {
    openChat({ moveFocus: true });
    let release!: () => void;
    answer = () => new Promise((resolve) => { release = () => resolve(reply()); });
    const sent = sendMessage('Hello');
    minimizeChat();
    release();
    await sent;
    expect($chatState.get()).toMatchObject({ view: 'minimized', unread: 1 });
    expect(tones).toBe(1);
  });

  test('a reply that arrives while open is neither counted nor chimed', async () => {
    openChat({ moveFocus: true });
    await sendMessage('Hello');
    expect($chatState.get().unread).toBe(0);
    expect(tones).toBe(0);
  });
});

describe('scheduler', () => {
  test('a reply with openScheduler opens it and minimizes the chat', async () => {
    schedulerOpens = true;
    openChat({ moveFocus: true });
    answer = () => reply({ openScheduler: true, message: 'Opening the scheduler.' });
    await sendMessage('Book me in');
    expect($chatState.get().view).toBe('minimized');
    expect($focusRequest.get()?.target).toBe('panel');
    expect(lastMessage().content).toBe('Opening the scheduler.');
  });

  test('when the scheduler cannot open, the assistant asks to call the shown number or refresh', async () => {
    openChat({ moveFocus: true });
    answer = () => reply({ openScheduler: true });
    await sendMessage('Book me in');
    expect(lastMessage().content).toBe("I couldn't open the online scheduler just now. Please call us at (512) 555-0100, or refresh the page and click 'Schedule Service'.");
    expect($chatState.get().view).toBe('open');
  });
});

describe('images', () => {
  const png = (size = 10) => new File([new Uint8Array(size)], 'leak.png', { type: 'image/png' });

  test('refuses files that are not images, and images over 4 MB', () => {
    chooseImage(new File(['x'], 'notes.pdf', { type: 'application/pdf' }));
    expect($chatState.get()).toMatchObject({ image: null, imageProblem: expect.stringContaining('image file') });
    chooseImage(png(4 * 1024 * 1024 + 1));
    expect($chatState.get()).toMatchObject({ image: null, imageProblem: expect.stringContaining('4 MB') });
    chooseImage(png());
    expect($chatState.get()).toMatchObject({ imageProblem: null });
    expect($chatState.get().image?.name).toBe('leak.png');
  });

  test('uploads the image first, then sends it with the sentence for an image-only message', async () => {
    openChat({ moveFocus: true });
    answer = (call) => (call.url === '/api/chatbot/upload-image' ? Response.json({ imageUrl: '/api/chatbot/uploads/a.webp' }) : reply());
    chooseImage(png());
    await sendMessage('');
    expect(calls.map((c) => c.url)).toEqual(['/api/chatbot/upload-image', '/api/chatbot']);
    const form = calls[0]!.body as FormData;
    expect(form.get('image')).toBeInstanceOf(File);
    expect(form.get('sessionId')).toBe($conversation.get().sessionId);
    expect(form.get('conversationId')).toBe($conversation.get().conversationId);
    expect(messages()[1]).toMatchObject({ role: 'user', content: "I've uploaded an image of my plumbing issue", imageUrl: '/api/chatbot/uploads/a.webp' });
    expect(calls[1]!.body).toMatchObject({ messages: [{}, { imageUrl: '/api/chatbot/uploads/a.webp' }] });
    expect($chatState.get()).toMatchObject({ image: null, uploading: false, sending: false });
  });

  test('a failed upload adds the connection message and the handoff card', async () => {
    openChat({ moveFocus: true });
    answer = () => new Response('', { status: 500 });
    chooseImage(png());
    await sendMessage('See photo');
    expect(messages().map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(lastMessage().needsHandoff).toBe(true);
    expect(calls).toHaveLength(1);
  });
});

describe('clear, end and rate', () => {
  test('Clear wipes messages, the handoff card and storage, then greets with fresh ids', async () => {
    openChat({ moveFocus: true });
    answer = () => reply({ needsHandoff: true, quickResponses: [{ label: 'Call', message: 'Call me', icon: 'Clock' }] });
    await sendMessage('Person please');
    const before = $conversation.get().conversationId;
    clearChat();
    expect(messages()).toHaveLength(1);
    expect(lastMessage().content).toContain('Pricing estimates');
    expect($handoff.get()).toBe(false);
    expect($conversation.get().conversationId).not.toBe(before);
    expect($chatState.get().quickResponses).toEqual(defaultQuickResponses);
    expect(JSON.parse(local.getItem(conversationKey)!).messages).toHaveLength(1);
  });

  test('End Chat asks for a rating; a star records it, closes the dialog and thanks the visitor', async () => {
    openChat({ moveFocus: true });
    answer = () => Response.json({ ok: true });
    endChat();
    expect($chatState.get().ratingOpen).toBe(true);
    await rateChat(4);
    expect($chatState.get().ratingOpen).toBe(false);
    expect($conversation.get().rating).toBe(4);
    expect(lastMessage().content).toContain('4 out of 5');
    expect(calls[0]!.url).toBe('/api/chatbot/end-conversation');
    expect(chatEndContract.request.safeParse(calls[0]!.body).success).toBe(true);
  });

  test('a failed rating or feedback report is only logged', async () => {
    openChat({ moveFocus: true });
    answer = () => new Response('', { status: 500 });
    await rateChat(5);
    await giveFeedback(messages()[0]!.id, 'negative');
    expect(errors).toEqual(['the rating was not recorded', 'the feedback was not recorded']);
    expect(messages()[0]!.feedback).toBe('negative');
    expect(messages().every((m) => !m.needsHandoff)).toBe(true);
  });

  test('feedback names the message and conversation as the contract asks', async () => {
    openChat({ moveFocus: true });
    answer = () => Response.json({ ok: true });
    await giveFeedback(messages()[0]!.id, 'positive');
    expect(chatFeedbackContract.request.safeParse(calls[0]!.body).success).toBe(true);
    expect(messages()[0]!.feedback).toBe('positive');
  });
});
