/**
 * A scripted stand-in for the chat endpoints (SPEC §7, src/lib/api/chat.contract.ts), installed in
 * the browser with `page.route`, so the widget's specs are deterministic. It checks every request
 * against the contract and answers by keyword in the visitor's last message:
 *
 * - "person"     → needsHandoff
 * - "book"       → openScheduler
 * - "chips"      → new quickResponses
 * - "slow"       → the reply waits `slowMs`
 * - "fail"       → 500
 * - "html"       → a reply full of markup, which must show as text
 * - anything else → "Reply to: <message>"
 *
 * The real functions are tested over HTTP in tests/api, and end to end in tests/e2e/chat-real-api.e2e.ts.
 */
import type { Page, Request, Route } from '@playwright/test';
import { chatContract, chatEndContract, chatFeedbackContract, type QuickResponse } from '../../src/lib/api/chat.contract';

export interface FakeChatOptions {
  /** How long a "slow" reply waits, in ms. */
  slowMs?: number;
  failFeedback?: boolean;
  failEnd?: boolean;
  failUpload?: boolean;
}

export interface RecordedCall {
  path: string;
  body: unknown;
}

export const offeredQuickResponses: QuickResponse[] = [
  { label: 'Tank or tankless?', message: 'Should I choose a tank or a tankless water heater?', icon: 'Wrench' },
  { label: 'Talk to a person', message: 'Can I talk to a person?', icon: 'HelpCircle' },
];

export const htmlReply = '<img src=x onerror="window.__chatInjected=true"><b>Bold?</b> See /water-heater-services for more.';

// A 1×1 transparent PNG, served for uploaded images.
const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
const invalid = (route: Route, what: string) => json(route, 400, { error: `400: The ${what} request does not match its contract.` });

function reply(message: string): { status: number; body: unknown; delayMs: number } {
  const text = message.toLowerCase();
  const answer = { message: `Reply to: ${message}`, needsHandoff: false, openScheduler: false, quickResponses: [] as QuickResponse[] };
  if (text.includes('fail')) return { status: 500, body: { error: '500: The assistant is unavailable.' }, delayMs: 0 };
  if (text.includes('person')) Object.assign(answer, { message: 'I will connect you with our team.', needsHandoff: true });
  if (text.includes('book')) Object.assign(answer, { message: 'Let me open our online scheduler for you.', openScheduler: true });
  if (text.includes('chips')) answer.quickResponses = offeredQuickResponses;
  if (text.includes('html')) answer.message = htmlReply;
  return { status: 200, body: answer, delayMs: text.includes('slow') ? -1 : 0 };
}

/** Installs the fake on `page`; returns the list of calls it received, in order. */
export async function installFakeChatApi(page: Page, options: FakeChatOptions = {}): Promise<RecordedCall[]> {
  const calls: RecordedCall[] = [];
  const slowMs = options.slowMs ?? 1500;
  await page.route('**/api/chatbot**', async (route: Route, request: Request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'GET' && path.startsWith('/api/chatbot/uploads/')) {
      return route.fulfill({ status: 200, contentType: 'image/png', body: pixel });
    }
    if (request.method() !== 'POST') return json(route, 405, { error: '405: Use POST.' });

    if (path === chatContract.path) {
      const parsed = chatContract.request.safeParse(request.postDataJSON());
      calls.push({ path, body: request.postDataJSON() });
      if (!parsed.success) return invalid(route, 'chat');
      const last = parsed.data.messages.at(-1)!;
      const { status, body, delayMs } = reply(last.content);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, slowMs));
      return json(route, status, body);
    }
    if (path === '/api/chatbot/upload-image') {
      const body = request.postDataBuffer()?.toString('latin1') ?? '';
      calls.push({ path, body });
      const type = request.headers()['content-type'] ?? '';
      const fields = ['name="image"', 'name="sessionId"', 'name="conversationId"'].every((f) => body.includes(f));
      if (!type.startsWith('multipart/form-data') || !fields) return invalid(route, 'upload');
      if (options.failUpload) return json(route, 500, { error: '500: The upload failed.' });
      return json(route, 200, { imageUrl: `/api/chatbot/uploads/fake-${calls.length}.png` });
    }
    if (path === chatFeedbackContract.path) {
      calls.push({ path, body: request.postDataJSON() });
      if (!chatFeedbackContract.request.safeParse(request.postDataJSON()).success) return invalid(route, 'feedback');
      return options.failFeedback ? json(route, 500, { error: '500: Feedback is down.' }) : json(route, 200, { ok: true });
    }
    if (path === chatEndContract.path) {
      calls.push({ path, body: request.postDataJSON() });
      if (!chatEndContract.request.safeParse(request.postDataJSON()).success) return invalid(route, 'end-conversation');
      return options.failEnd ? json(route, 500, { error: '500: Ratings are down.' }) : json(route, 200, { ok: true });
    }
    return json(route, 404, { error: '404: No such chat endpoint.' });
  });
  return calls;
}
