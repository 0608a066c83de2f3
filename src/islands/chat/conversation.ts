/**
 * The chat conversation as stored in the browser (SPEC §3), its rules (SPEC §4–§5) and the texts the
 * widget writes itself (SPEC §4, §8). Pure functions, so they are unit-tested without a browser.
 *
 * zod/mini, not the contract's zod: the full zod build would add ~26 KB gzip to an island whose
 * budget is 35 KB. The contract is imported for types only, and the unit tests check that what is
 * sent here passes the contract's own schemas.
 */
import * as z from 'zod/mini';
import type { chatContract, chatIcons, chatMessageMaxLength, QuickResponse } from '../../lib/api/chat.contract';
import type { ResponseOf } from '../../lib/api/contract';

export type { QuickResponse };
export type ChatIcon = (typeof chatIcons)[number];
export type ChatReply = ResponseOf<typeof chatContract>;

/** SPEC §9: message max length; typed as the contract's constant, so the two cannot drift apart. */
export const messageMaxLength: typeof chatMessageMaxLength = 500;
/** SPEC §9: conversation expiry after 30 minutes of inactivity. */
export const conversationExpiryMs = 30 * 60 * 1000;
/** localStorage key of the stored conversation (SPEC §3). */
export const conversationKey = 'chatbot_conversations';
/** SPEC §5: the text recorded for a message that is only an image. */
export const imageOnlyMessage = "I've uploaded an image of my plumbing issue";

const icons = ['AlertCircle', 'DollarSign', 'Calendar', 'Wrench', 'Clock', 'HelpCircle', 'CheckCircle'] as const satisfies readonly ChatIcon[];
// Same patterns as the contract's ids, so a stored id the server would refuse is discarded here.
const sessionIdPattern = /^session_[A-Za-z0-9_-]{6,80}$/;
const conversationIdPattern = /^conv_[A-Za-z0-9_-]{6,80}$/;

const chatMessageSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  timestamp: z.number(),
  imageUrl: z.optional(z.string()),
  feedback: z.optional(z.enum(['positive', 'negative'])),
  needsHandoff: z.optional(z.boolean()),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * Keeps the items of `value` that `item` accepts and drops the others, so one odd entry (written by
 * an older or newer page) costs that entry, not the whole list.
 */
function eachValid<T extends z.ZodMiniType>(item: T) {
  return z.pipe(z.array(z.unknown()), z.transform((items) => items.flatMap((raw) => {
    const parsed = item.safeParse(raw);
    return parsed.success ? [parsed.data as z.output<T>] : [];
  })));
}

// SPEC §3's fields are validated; what SPEC makes optional (a rating not given yet) gets its default,
// and unknown fields are ignored, so a conversation stored by another version of the page still loads.
const storedConversationSchema = z.object({
  sessionId: z.string().check(z.regex(sessionIdPattern)),
  conversationId: z.string().check(z.regex(conversationIdPattern)),
  messages: eachValid(chatMessageSchema),
  lastActivity: z.number(),
  pageContext: z.catch(z.string(), '/'),
  rating: z.catch(z.nullable(z.number().check(z.int(), z.gte(1), z.lte(5))), null),
});
export type StoredConversation = z.output<typeof storedConversationSchema>;

const quickResponseSchema = z.object({
  label: z.string().check(z.minLength(1), z.maxLength(40)),
  message: z.string().check(z.minLength(1), z.maxLength(200)),
  icon: z.catch(z.enum(icons), 'HelpCircle'),
});
export const quickResponseListSchema = eachValid(quickResponseSchema);

/**
 * The answer of POST /api/chatbot as the widget reads it (SPEC §7): the message is required; the
 * flags default to false; quick replies that are missing or unreadable leave the current chips.
 */
export const chatReplySchema = z.object({
  message: z.string(),
  needsHandoff: z.catch(z.boolean(), false),
  openScheduler: z.catch(z.boolean(), false),
  quickResponses: z.catch(z.optional(quickResponseListSchema), undefined),
});
/** A chat answer as the widget reads it. */
export type ChatReplyRead = z.output<typeof chatReplySchema>;

export const uploadReplySchema = z.object({ imageUrl: z.string() });

/**
 * A random id part: 128 bits from the browser's cryptographic source as 32 hex digits, so an id
 * cannot be guessed from another (the session id is what proves a conversation is the visitor's).
 */
export function randomPart(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** SPEC §9: 'session_' + time + random; conversations 'conv_' + time + random. */
export function newConversation(now: number, pageContext: string): StoredConversation {
  return {
    sessionId: `session_${now}_${randomPart()}`,
    conversationId: `conv_${now}_${randomPart()}`,
    messages: [],
    lastActivity: now,
    pageContext,
    rating: null,
  };
}

export function newMessageId(now: number): string {
  return `msg_${now}_${randomPart()}`;
}

export function isExpired(conversation: StoredConversation, now: number): boolean {
  return now - conversation.lastActivity > conversationExpiryMs;
}

/**
 * The stored conversation to continue, or a new one when none is stored, the stored text is corrupt
 * (not JSON, or not a conversation), or it has been inactive for over 30 minutes (SPEC §4, §8).
 */
export function decodeStoredConversation(raw: string | null, now: number, pageContext: string): { conversation: StoredConversation; fresh: boolean } {
  if (raw) {
    try {
      const parsed = storedConversationSchema.safeParse(JSON.parse(raw));
      if (parsed.success && !isExpired(parsed.data, now)) return { conversation: parsed.data, fresh: false };
    } catch {
      // Not JSON: discarded like any other corrupt value.
    }
  }
  return { conversation: newConversation(now, pageContext), fresh: true };
}

/** SPEC §5: nothing can be sent while a send is in progress, or with empty text and no image. */
export function canSend(input: { text: string; hasImage: boolean; sending: boolean }): boolean {
  if (input.sending) return false;
  if (input.text.trim().length > messageMaxLength) return false;
  return input.text.trim().length > 0 || input.hasImage;
}

/** What a message records: its text, or SPEC §5's sentence when only an image was sent. */
export function messageContent(text: string, hasImage: boolean): string {
  const trimmed = text.trim();
  return trimmed || (hasImage ? imageOnlyMessage : '');
}

/** SPEC §4: the greeting of an empty opened chat, listing what the assistant helps with. */
export function greetingText(companyName: string): string {
  return [
    `Hi! I'm the AI assistant for ${companyName}. I can help with:`,
    '• Water heater questions',
    '• Pricing estimates',
    '• Scheduling',
    '• Emergency info',
    '• Common issues',
    'What can I help you with today?',
  ].join('\n');
}

/** SPEC §8: the assistant's message when a chat request fails. */
export function connectionFailureText(phone: string): string {
  return `I'm having trouble connecting right now. Please text us directly at ${phone} or call for immediate assistance.`;
}

/** SPEC §8: the assistant's message when a reply asked for the scheduler and it could not open. */
export function schedulerFailureText(phone: string): string {
  return `I couldn't open the online scheduler just now. Please call us at ${phone}, or refresh the page and click 'Schedule Service'.`;
}

/** SPEC §4: added after the visitor rates the chat. */
export function thankYouText(rating: number): string {
  return `Thank you for rating this chat ${rating} out of 5! If anything else comes up, send a message here or give us a call.`;
}

/** The prefilled text of the handoff card's Text Us link. */
export const handoffSmsText = 'Hi, I was chatting with the assistant on your website and would like to talk to someone about my plumbing issue.';

/** SPEC §3: the default quick replies, each sending a preset sentence. */
export const defaultQuickResponses: QuickResponse[] = [
  { label: 'Emergency Service', message: 'I have a plumbing emergency and need help right away.', icon: 'AlertCircle' },
  { label: 'Get Quote', message: "I'd like a free estimate for a plumbing job.", icon: 'DollarSign' },
  { label: 'Schedule Service', message: "I'd like to schedule a service appointment.", icon: 'Calendar' },
  { label: 'Water Heater Issue', message: "I'm having a problem with my water heater.", icon: 'Wrench' },
  { label: 'Business Hours', message: 'What are your business hours?', icon: 'Clock' },
  { label: 'Service Areas', message: 'Which areas do you serve?', icon: 'HelpCircle' },
];

/** The messages sent with a chat request: the most recent 60, as the contract allows. */
export function requestMessages(messages: readonly ChatMessage[]): { role: 'user' | 'assistant'; content: string; imageUrl?: string }[] {
  return messages.slice(-60).map((m) => ({
    role: m.role,
    content: m.content.slice(0, 4000),
    ...(m.imageUrl ? { imageUrl: m.imageUrl.slice(0, 500) } : {}),
  }));
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A root-relative site path written as plain text: "/drain-cleaning", "/commercial/restaurants".
// Never "//host" (protocol-relative) and never anything with a scheme, so it cannot leave the site.
const sitePath = /(^|[\s(])(\/[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_-]*)*)(?=$|[\s).,;:!?])/gi;

/** Splits assistant text into plain text and links to site paths; everything stays text, never HTML. */
export function linkifySitePaths(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(sitePath)) {
    const start = match.index + match[1]!.length;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: match[2]!, href: match[2]! });
    last = start + match[2]!.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** An image address safe to show: our own root-relative paths, https, or a local blob preview. */
export function safeImageUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (/^\/(?!\/)/.test(url) || /^https:\/\//i.test(url) || /^blob:/i.test(url)) return url;
  return undefined;
}
