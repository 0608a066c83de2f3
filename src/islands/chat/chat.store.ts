/**
 * The chat widget's state and every action that changes it (SPEC §4–§5, §7–§8). Components read
 * these stores with useStore and call the actions; nothing here touches React.
 */
import { atom, computed, map, onMount } from 'nanostores';
import { apiRequest } from '../../lib/api/client';
import { offices } from '../../business/offices';
import { company } from '../../business/company';
import { openScheduler } from '../shared/scheduler.store';
import { shownPhones, type ShownPhones } from '../shared/phones';
import { readChatUi, writeChatUi, type ChatView } from './chat-ui-state';
import {
  canSend, chatReplySchema, connectionFailureText, conversationKey, decodeStoredConversation, defaultQuickResponses,
  greetingText, isExpired, messageContent, newConversation, newMessageId, quickResponseListSchema, requestMessages,
  schedulerFailureText, thankYouText, uploadReplySchema,
  type ChatMessage, type ChatReplyRead, type QuickResponse, type StoredConversation,
} from './conversation';
import { playTone } from './tone';

/** What the store needs from the page; tests pass their own. */
export interface ChatEnvironment {
  now(): number;
  localStorage: Storage | undefined;
  sessionStorage: Storage | undefined;
  pagePath(): string;
  phones(): ShownPhones | null;
  openScheduler(): Promise<boolean>;
  playTone(): void;
  request(method: string, url: string, body: unknown): Promise<Response>;
  logError(what: string, error: unknown): void;
}

// Reading window.localStorage throws when the visitor blocks site data; the chat then lives in memory.
function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}

const browserEnvironment: ChatEnvironment = {
  now: () => Date.now(),
  localStorage: browserStorage('localStorage'),
  sessionStorage: browserStorage('sessionStorage'),
  pagePath: () => location.pathname,
  phones: shownPhones,
  openScheduler: () => openScheduler('chat'),
  playTone,
  request: apiRequest,
  logError: (what, error) => console.error(`Chat: ${what}`, error),
};

/** sessionStorage key of the quick replies the last answer offered (kept across pages). */
export const quickResponsesKey = 'chatbot_quick_responses';
/** Largest image the upload endpoint accepts (its contract allows 4 MB plus the form fields). */
export const imageMaxBytes = 4 * 1024 * 1024;

export interface ChatState {
  view: ChatView;
  /** Assistant messages that arrived while the panel was closed or minimized. */
  unread: number;
  sending: boolean;
  /** The image sub-state of sending: the picture is being uploaded. */
  uploading: boolean;
  ratingOpen: boolean;
  quickResponses: QuickResponse[];
  /** The image chosen for the next message, if any. */
  image: File | null;
  /** A sentence about the chosen file when it cannot be sent (wrong type, too large). */
  imageProblem: string | null;
}

const initialState: ChatState = {
  view: 'closed', unread: 0, sending: false, uploading: false, ratingOpen: false,
  quickResponses: defaultQuickResponses, image: null, imageProblem: null,
};

export const $chatState = map<ChatState>({ ...initialState });
export const $conversation = atom<StoredConversation>(newConversation(0, '/'));
/** SPEC §4: the 'Ready to Connect?' card shows once any reply asked for a person or a request failed, then stays. */
export const $handoff = computed($conversation, (c) => c.messages.some((m) => m.needsHandoff === true));
/** The text of the polite live region: the latest assistant message. */
export const $announcement = atom('');
/** Where keyboard focus should go after the last view change; `seq` makes repeated requests distinct. */
export const $focusRequest = atom<{ target: 'panel' | 'minimized' | 'launcher'; seq: number } | null>(null);

/** SPEC §9: below 768 px the widget is a bottom sheet with the mobile-only controls. */
export const $isMobile = atom(false);
onMount($isMobile, () => {
  if (typeof matchMedia === 'undefined') return undefined;
  const query = matchMedia('(max-width: 767.98px)');
  const update = () => $isMobile.set(query.matches);
  update();
  query.addEventListener('change', update);
  return () => query.removeEventListener('change', update);
});

let env: ChatEnvironment = browserEnvironment;
let unsubscribe: (() => void)[] = [];

function requestFocus(target: 'panel' | 'minimized' | 'launcher'): void {
  $focusRequest.set({ target, seq: ($focusRequest.get()?.seq ?? 0) + 1 });
}

/** The Austin number as shown on the page (SPEC §8 texts), else the office's default. */
export function shownAustinPhone(): string {
  return env.phones()?.austin.display ?? offices[0].phone;
}

function readQuickResponses(): QuickResponse[] {
  try {
    const parsed = quickResponseListSchema.safeParse(JSON.parse(env.sessionStorage?.getItem(quickResponsesKey) ?? 'null'));
    return parsed.success && parsed.data.length > 0 ? parsed.data : defaultQuickResponses;
  } catch {
    return defaultQuickResponses;
  }
}

function store(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the chat still works for this page.
  }
}

/**
 * Loads the stored conversation (new when missing, corrupt or expired) and the tab's view, and keeps
 * both saved from now on. Reopens the panel if it was open on the previous page (DESIGN §7).
 */
export function initChat(environment: ChatEnvironment = browserEnvironment): void {
  unsubscribe.forEach((stop) => stop());
  env = environment;
  const now = env.now();
  const { conversation } = decodeStoredConversation(env.localStorage?.getItem(conversationKey) ?? null, now, env.pagePath());
  const ui = readChatUi(env.sessionStorage);
  $conversation.set(conversation);
  $chatState.set({ ...initialState, quickResponses: readQuickResponses(), unread: ui.unread });
  $announcement.set('');
  $focusRequest.set(null);
  unsubscribe = [
    $conversation.subscribe((c) => store(env.localStorage, conversationKey, c)),
    $chatState.subscribe((s) => {
      writeChatUi(env.sessionStorage, s);
      store(env.sessionStorage, quickResponsesKey, s.quickResponses);
    }),
  ];
  if (ui.view === 'open') openChat({ moveFocus: false });
  else if (ui.view === 'minimized') $chatState.setKey('view', 'minimized');
}

function updateConversation(change: (c: StoredConversation) => Partial<StoredConversation>): void {
  const current = $conversation.get();
  $conversation.set({ ...current, ...change(current) });
}

/** Starts over with fresh ids when the stored conversation has been idle for over 30 minutes. */
function renewIfExpired(): void {
  const now = env.now();
  if (isExpired($conversation.get(), now)) {
    $conversation.set(newConversation(now, env.pagePath()));
    $chatState.setKey('quickResponses', defaultQuickResponses);
  }
}

function addMessage(message: Omit<ChatMessage, 'id' | 'timestamp'>): ChatMessage {
  const now = env.now();
  const full: ChatMessage = { id: newMessageId(now), timestamp: now, ...message };
  updateConversation((c) => ({ messages: [...c.messages, full], lastActivity: now, pageContext: env.pagePath() }));
  return full;
}

/** An assistant message: counted as unread and chimed when the panel is not open, always announced. */
function receive(content: string, needsHandoff = false): void {
  addMessage({ role: 'assistant', content, ...(needsHandoff ? { needsHandoff: true } : {}) });
  const { view, unread } = $chatState.get();
  if (view !== 'open') {
    $chatState.setKey('unread', unread + 1);
    env.playTone();
  }
  $announcement.set(`AI: ${content}`);
}

function greetIfEmpty(): void {
  if ($conversation.get().messages.length === 0) {
    addMessage({ role: 'assistant', content: greetingText(company.name) });
  }
}

/** Opens the panel: resets the unread count and greets an empty chat. */
export function openChat({ moveFocus }: { moveFocus: boolean }): void {
  renewIfExpired();
  $chatState.set({ ...$chatState.get(), view: 'open', unread: 0 });
  greetIfEmpty();
  if (moveFocus) requestFocus('panel');
}

export function minimizeChat({ moveFocus = true }: { moveFocus?: boolean } = {}): void {
  if ($chatState.get().view !== 'open') return;
  $chatState.setKey('view', 'minimized');
  if (moveFocus) requestFocus('minimized');
}

/** Closes the widget, from the panel or from the minimized bar (SPEC §4). */
export function closeChat(): void {
  $chatState.set({ ...$chatState.get(), view: 'closed', ratingOpen: false });
  requestFocus('launcher');
}

/** Chooses the image for the next message; only image files up to 4 MB (SPEC §5). */
export function chooseImage(file: File | null): void {
  if (!file) {
    $chatState.set({ ...$chatState.get(), image: null, imageProblem: null });
  } else if (!file.type.startsWith('image/')) {
    $chatState.set({ ...$chatState.get(), image: null, imageProblem: 'Please choose an image file, such as a photo (JPEG, PNG, WebP or GIF).' });
  } else if (file.size > imageMaxBytes) {
    $chatState.set({ ...$chatState.get(), image: null, imageProblem: 'That image is larger than 4 MB. Please choose a smaller photo.' });
  } else {
    $chatState.set({ ...$chatState.get(), image: file, imageProblem: null });
  }
}

async function uploadImage(image: File): Promise<string> {
  const { sessionId, conversationId } = $conversation.get();
  const form = new FormData();
  form.append('image', image);
  form.append('sessionId', sessionId);
  form.append('conversationId', conversationId);
  const response = await env.request('POST', '/api/chatbot/upload-image', form);
  const parsed = uploadReplySchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('The upload answer is not { imageUrl }.');
  return parsed.data.imageUrl;
}

async function askAssistant(): Promise<ChatReplyRead> {
  const { messages, sessionId, conversationId } = $conversation.get();
  const response = await env.request('POST', '/api/chatbot', {
    messages: requestMessages(messages),
    sessionId,
    conversationId,
    pageContext: env.pagePath().slice(0, 300),
  });
  const parsed = chatReplySchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('The chat answer does not match the contract.');
  return parsed.data;
}

/**
 * Sends the visitor's text (and the chosen image) and adds the assistant's reply. Returns false,
 * sending nothing, when SPEC §5 forbids it: a send in progress, or empty text and no image.
 */
export async function sendMessage(text: string): Promise<boolean> {
  const { sending, image } = $chatState.get();
  if (!canSend({ text, hasImage: image !== null, sending })) return false;
  renewIfExpired();
  $chatState.set({ ...$chatState.get(), sending: true, uploading: image !== null, image: null, imageProblem: null });
  try {
    let imageUrl: string | undefined;
    if (image) {
      try {
        imageUrl = await uploadImage(image);
      } catch (error) {
        env.logError('the image upload failed', error);
        addMessage({ role: 'user', content: messageContent(text, true) });
        receive(connectionFailureText(shownAustinPhone()), true);
        return true;
      } finally {
        $chatState.setKey('uploading', false);
      }
    }
    addMessage({ role: 'user', content: messageContent(text, image !== null), ...(imageUrl ? { imageUrl } : {}) });
    let reply: ChatReplyRead;
    try {
      reply = await askAssistant();
    } catch (error) {
      env.logError('the chat request failed', error);
      receive(connectionFailureText(shownAustinPhone()), true);
      return true;
    }
    receive(reply.message, reply.needsHandoff);
    if (reply.quickResponses && reply.quickResponses.length > 0) $chatState.setKey('quickResponses', reply.quickResponses);
    if (reply.openScheduler) {
      if (await env.openScheduler()) {
        // The scheduler takes the screen (and focus); the conversation waits in the minimized bar.
        minimizeChat({ moveFocus: false });
      } else {
        receive(schedulerFailureText(shownAustinPhone()));
      }
    }
    return true;
  } finally {
    $chatState.setKey('sending', false);
  }
}

/** Sends a quick reply's preset sentence. */
export function sendQuickResponse(quick: QuickResponse): Promise<boolean> {
  return sendMessage(quick.message);
}

/** Thumbs up or down on an assistant message; a failed report is only logged (SPEC §8). */
export async function giveFeedback(messageId: string, feedback: 'positive' | 'negative'): Promise<void> {
  updateConversation((c) => ({ messages: c.messages.map((m) => (m.id === messageId ? { ...m, feedback } : m)) }));
  try {
    await env.request('POST', '/api/chatbot/feedback', { messageId, conversationId: $conversation.get().conversationId, sessionId: $conversation.get().sessionId, feedback });
  } catch (error) {
    env.logError('the feedback was not recorded', error);
  }
}

/** SPEC §4: Clear wipes the messages, the handoff card and storage, then greets again with fresh ids. */
export function clearChat(): void {
  try {
    env.localStorage?.removeItem(conversationKey);
  } catch {
    // Storage blocked: the new conversation below replaces the old one in memory anyway.
  }
  $conversation.set(newConversation(env.now(), env.pagePath()));
  $chatState.set({ ...$chatState.get(), quickResponses: defaultQuickResponses, ratingOpen: false, image: null, imageProblem: null });
  $announcement.set('');
  greetIfEmpty();
}

/** End Chat: asks for a rating. */
export function endChat(): void {
  $chatState.setKey('ratingOpen', true);
}

export function dismissRating(): void {
  $chatState.setKey('ratingOpen', false);
}

/** Records the 1–5 rating, closes the dialog and thanks the visitor; a failed report is only logged. */
export async function rateChat(rating: number): Promise<void> {
  if (!Number.isInteger(rating) || rating < 1 || rating > 5) return;
  updateConversation(() => ({ rating }));
  $chatState.setKey('ratingOpen', false);
  receive(thankYouText(rating));
  try {
    await env.request('POST', '/api/chatbot/end-conversation', { conversationId: $conversation.get().conversationId, sessionId: $conversation.get().sessionId, rating });
  } catch (error) {
    env.logError('the rating was not recorded', error);
  }
}
