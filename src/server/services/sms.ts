/**
 * Text messages. A text is queued in the outbox (`channel = 'sms'`) in the same transaction as what it
 * announces (`queueText`) and delivered by the outbox worker (`services/outbox.ts` hands SMS rows to
 * `sendOutboxText`). Consent is checked when the text is SENT, not only when it was queued:
 * - a number whose latest event is an opt-out (STOP) gets nothing at all (Twilio would refuse it too);
 * - a non-transactional text (review request, referral, service reminder, marketing) needs an opt-in
 *   (the /sms-signup form or START), and waits for the sending window (services/sms-window.ts);
 * - a transactional text (a sign-up confirmation, a sign-in code) needs no opt-in.
 * With Twilio configured (TWILIO_*), texts go through Twilio's REST API; otherwise each is written as
 * a file under SMS_DIR (default .data/sms), as emails are under .data/mail.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { twilioConfig } from '../config';
import type { Env } from '../db/connect';
import type { Database } from '../db/database';
import type { OutboxCategory, OutboxMessage } from '../db/tables/outbox-message.table';
import type { Logger } from '../http/logger';
import { markMessageFailed } from '../repositories/outbox.repository';
import { holdOutboxMessage, latestSmsEvent } from '../repositories/sms.repository';
import { nextSendingWindow } from './sms-window';

export const defaultSmsDir = '.data/sms';

/** A text as stored in the outbox's payload. */
export const outboxTextSchema = z.strictObject({
  to: z.string().regex(/^\+[1-9]\d{7,14}$/),
  body: z.string().min(1).max(1600),
});
export type OutboxText = z.output<typeof outboxTextSchema>;

export interface SmsSender {
  /** 'twilio' or 'files', for logs. */
  kind: 'twilio' | 'files';
  /** Sends one text; resolves with the provider's id (Twilio's message SID, or the file name). */
  send(text: OutboxText): Promise<{ id: string }>;
}

/** A failure that another attempt cannot fix (an invalid number, an unsubscribed one): the message dies at once. */
export class PermanentSendError extends Error {
  override name = 'PermanentSendError';
}

/** Twilio's error answer: `{ code, message, more_info, status }`. */
export class TwilioError extends Error {
  override name = 'TwilioError';
  constructor(readonly status: number, readonly code: number | undefined, message: string) {
    super(message);
  }
}

// 21610: the recipient replied STOP to our Twilio number. 21211, 21614, 21408, 21612: a number Twilio cannot text.
const permanentTwilioCodes = new Set([21211, 21408, 21610, 21612, 21614]);

/** Twilio's REST API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP basic auth. */
function twilioSender(config: NonNullable<ReturnType<typeof twilioConfig>>): SmsSender {
  const url = `${config.apiBase}/2010-04-01/Accounts/${config.accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send(text) {
      const form = new URLSearchParams({ To: text.to, Body: text.body });
      if (config.messagingServiceSid) form.set('MessagingServiceSid', config.messagingServiceSid);
      else form.set('From', config.from!);
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form.toString(),
        signal: AbortSignal.timeout(10_000),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: unknown; code?: unknown; message?: unknown };
      if (response.ok && typeof answer.sid === 'string') return { id: answer.sid };
      const code = typeof answer.code === 'number' ? answer.code : undefined;
      const detail = `Twilio answered ${response.status}${code ? ` (error ${code})` : ''}: ${typeof answer.message === 'string' ? answer.message.slice(0, 300) : 'no message'}`;
      // A request Twilio refuses as invalid stays invalid; a 401 (credentials being fixed), a 429 or a 5xx is retried.
      if ((code !== undefined && permanentTwilioCodes.has(code)) || (response.status >= 400 && response.status < 500 && ![401, 403, 408, 429].includes(response.status))) {
        throw new PermanentSendError(detail);
      }
      throw new TwilioError(response.status, code, detail);
    },
  };
}

/** The sender the environment describes: Twilio when configured, else files under SMS_DIR. */
export function smsSenderFromEnv(env: Env = process.env): SmsSender {
  const twilio = twilioConfig(env);
  if (twilio) return twilioSender(twilio);
  const dir = path.resolve(env.SMS_DIR?.trim() || defaultSmsDir);
  return {
    kind: 'files',
    async send(text) {
      await mkdir(dir, { recursive: true });
      const now = new Date();
      const name = `${now.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.txt`;
      await writeFile(path.join(dir, name), `To: ${text.to}\nDate: ${now.toISOString()}\n\n${text.body}\n`);
      return { id: name };
    },
  };
}

export interface QueuedText {
  to: string;
  body: string;
  /** What kind of text: 'sms-signup-confirmation'. */
  topic: string;
  category: OutboxCategory;
  /** Not before this time (default: now). */
  notBefore?: Date;
}

/** Queues a text to a customer in the outbox; call it inside the transaction of what the text announces. */
export async function queueText(db: Kysely<Database>, text: QueuedText): Promise<number> {
  const payload: OutboxText = outboxTextSchema.parse({ to: text.to, body: text.body });
  const row = await db
    .insertInto('outbox_messages')
    .values({ topic: text.topic, lead_id: null, channel: 'sms', audience: 'customer', category: text.category, payload: JSON.stringify(payload), ...(text.notBefore ? { next_attempt_at: text.notBefore } : {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type SmsStanding = 'opted-in' | 'opted-out' | 'none';

/** A number's consent as it stands now: its latest opt-in or opt-out, or none. */
export async function smsConsentFor(db: Kysely<Database>, phone: string): Promise<{ standing: SmsStanding; since: Date | null }> {
  const latest = await latestSmsEvent(db, phone);
  if (!latest) return { standing: 'none', since: null };
  return { standing: latest.event === 'opt_in' ? 'opted-in' : 'opted-out', since: new Date(latest.created_at) };
}

/**
 * Why a text of `category` may not go to a number of `standing`, or undefined when it may. The
 * `suppressed: ` prefix is the outbox's mark for a message withheld on purpose (never resent).
 */
export function textRefusal(standing: SmsStanding, category: OutboxCategory): string | undefined {
  if (standing === 'opted-out') return 'suppressed: this number opted out of our texts (STOP); it is sent nothing until it texts START or signs up again.';
  if (category !== 'transactional' && standing !== 'opted-in') return `suppressed: a ${category.replace('_', ' ')} text needs the number's consent (/sms-signup or START), and it has none.`;
  return undefined;
}

/** True when a text of `category` may go to `phone` now, as far as consent goes (the window aside). */
export async function maySendText(db: Kysely<Database>, phone: string, category: OutboxCategory): Promise<boolean> {
  return textRefusal((await smsConsentFor(db, phone)).standing, category) === undefined;
}

export type TextOutcome = 'sent' | 'held' | 'withheld';

/**
 * Delivers one claimed SMS row of the outbox, checking consent and the sending window first:
 * 'held' (put back until the window opens, not counted as an attempt), 'withheld' (no consent: marked
 * dead with `suppressed: <why>`, never sent) or 'sent' (the caller marks it sent). A send failure is thrown.
 */
export async function sendOutboxText(db: Kysely<Database>, message: OutboxMessage, { sender, now, log }: { sender: SmsSender; now: Date; log: Logger }): Promise<TextOutcome> {
  const raw = typeof message.payload === 'string' ? JSON.parse(message.payload) : message.payload;
  const parsed = outboxTextSchema.safeParse(raw);
  if (!parsed.success) throw new PermanentSendError('The stored text has no valid number or body.');
  const text = parsed.data;
  const refusal = textRefusal((await smsConsentFor(db, text.to)).standing, message.category);
  if (refusal) {
    await markMessageFailed(db, message.id, refusal, null);
    log.info('outbox text withheld: no consent', { messageId: message.id, topic: message.topic, category: message.category });
    return 'withheld';
  }
  if (message.category !== 'transactional') {
    const opens = nextSendingWindow(now);
    if (opens) {
      await holdOutboxMessage(db, message.id, opens);
      log.info('outbox text held for the sending window', { messageId: message.id, until: opens.toISOString() });
      return 'held';
    }
  }
  const { id } = await sender.send(text);
  log.info('outbox text handed over', { messageId: message.id, via: sender.kind, providerId: id });
  return 'sent';
}
