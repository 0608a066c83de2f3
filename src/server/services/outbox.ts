/**
 * Delivering the outbox: an immediate attempt right after a lead is stored, then the scheduled
 * worker every minute. A failed attempt is retried with exponential backoff; after the last try the
 * message is marked dead (kept, with its error, for staff to see) and an error is logged.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Logger } from '../http/logger';
import { claimDueMessages, markMessageFailed, markMessageSent, type OutboxMessage } from '../repositories/outbox.repository';
import type { Mailer } from './mail';

/** Attempts before a message is marked dead: the retries span about two hours. */
export const maxDeliveryAttempts = 8;
const firstRetryMs = 60_000;
const longestRetryMs = 60 * 60_000;
/** How long a claim holds before another worker may take the message (longer than any SMTP timeout). */
const claimMs = 2 * 60_000;

/** The wait after failed attempt number `attempt` (1-based): 1, 2, 4, 8 … minutes, at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(firstRetryMs * 2 ** Math.max(0, attempt - 1), longestRetryMs);
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  dead: number;
}

// SMTP errors can carry the whole server reply; keep what fits a column and a log line.
const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);

async function deliver(db: Kysely<Database>, message: OutboxMessage, mailer: Mailer, now: Date, log: Logger, report: DeliveryReport): Promise<void> {
  try {
    const email = message.payload;
    await mailer.send({
      to: email.to === 'staff' ? mailer.staffAddress : email.to,
      from: mailer.from,
      subject: email.subject,
      text: email.text,
      html: email.html,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
    });
    await markMessageSent(db, message.id, new Date());
    report.sent++;
    log.info('outbox message sent', { messageId: message.id, topic: message.topic, attempt: message.attempts, via: mailer.kind });
  } catch (error) {
    const last = message.attempts >= maxDeliveryAttempts;
    const retryAt = last ? null : new Date(now.getTime() + retryDelayMs(message.attempts));
    await markMessageFailed(db, message.id, describe(error), retryAt);
    if (last) {
      report.dead++;
      log.error('outbox message dead after the last attempt', error, { messageId: message.id, topic: message.topic, attempts: message.attempts });
    } else {
      report.retrying++;
      log.warn('outbox message not sent; will retry', { messageId: message.id, attempt: message.attempts, retryAt: retryAt!.toISOString(), reason: describe(error) });
    }
  }
}

export interface DeliverOptions {
  mailer: Mailer;
  log: Logger;
  now?: Date;
}

/** Tries to deliver one message now, unless another worker holds it or it is not due. */
export async function deliverMessageNow(db: Kysely<Database>, id: number, { mailer, log, now = new Date() }: DeliverOptions): Promise<DeliveryReport> {
  const report = { sent: 0, retrying: 0, dead: 0 };
  for (const message of await claimDueMessages(db, { now, lockMs: claimMs, id })) await deliver(db, message, mailer, now, log, report);
  return report;
}

/** Delivers every due message, in batches, until none is left or `maxBatches` ran. */
export async function deliverDueMessages(db: Kysely<Database>, { mailer, log, now = new Date() }: DeliverOptions, maxBatches = 10): Promise<DeliveryReport> {
  const report = { sent: 0, retrying: 0, dead: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimDueMessages(db, { now, lockMs: claimMs, limit: 20 });
    for (const message of claimed) await deliver(db, message, mailer, now, log, report);
    if (claimed.length < 20) break;
  }
  return report;
}
