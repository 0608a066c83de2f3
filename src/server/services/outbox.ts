/**
 * Delivering the outbox: an immediate attempt right after a lead is stored, then the scheduled
 * worker every minute. A failed attempt is retried with exponential backoff; after the last try the
 * message is marked dead (kept, with its error, for staff to see) and an error is logged.
 * A customer email is checked against the suppression list and the recipient's preferences when it
 * is sent, not only when it was queued: a blocked one is marked dead with `suppressed: <why>` and
 * never sent. A permanent refusal of a customer's address (SMTP 5xx at RCPT TO) is a hard bounce:
 * the address is suppressed and the message is not retried. Texts (`channel = 'sms'`) go through services/sms.ts, which checks consent and the sending window first.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Logger } from '../http/logger';
import { claimDueMessages, markMessageFailed, markMessageSent, type OutboxMessage } from '../repositories/outbox.repository';
import { deliveryBlock, suppressEmail } from './email-preferences';
import type { Mailer } from './mail';
import { PermanentSendError, sendOutboxText, smsSenderFromEnv, type SmsSender } from './sms';

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

/** The prefix of `last_error` for a customer email not sent because of a suppression or an opt-out. */
export const suppressedPrefix = 'suppressed: ';

/**
 * An SMTP server's permanent refusal of the recipient (5xx to RCPT TO, or the address listed as
 * rejected): a hard bounce. A 5xx elsewhere (authentication, the sender) is our problem, not theirs.
 */
export function isHardBounce(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, command, rejected } = error as { responseCode?: unknown; command?: unknown; rejected?: unknown };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return false;
  return command === 'RCPT TO' || (Array.isArray(rejected) && rejected.length > 0);
}

const isCustomerEmail = (message: OutboxMessage) => message.audience === 'customer' && message.channel === 'email';

async function deliver(db: Kysely<Database>, message: OutboxMessage, { mailer, texter }: { mailer: Mailer; texter: SmsSender }, now: Date, log: Logger, report: DeliveryReport): Promise<void> {
  const email = message.payload;
  if (isCustomerEmail(message)) {
    const block = await deliveryBlock(db, email.to, message.category);
    if (block) {
      await markMessageFailed(db, message.id, `${suppressedPrefix}${block}`, null);
      report.dead++;
      log.info('customer email not sent: suppressed or opted out', { messageId: message.id, topic: message.topic, category: message.category });
      return;
    }
  }
  try {
    if (message.channel === 'sms') {
      // Texts check consent and the sending window first (services/sms.ts).
      const outcome = await sendOutboxText(db, message, { sender: texter, now, log });
      if (outcome === 'held') return;
      if (outcome === 'withheld') {
        report.dead++;
        return;
      }
      await markMessageSent(db, message.id, new Date());
      report.sent++;
      return;
    }
    await mailer.send({
      to: email.to === 'staff' ? mailer.staffAddress : email.to,
      from: mailer.from,
      subject: email.subject,
      text: email.text,
      html: email.html,
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      ...(email.headers ? { headers: email.headers } : {}),
    });
    await markMessageSent(db, message.id, new Date());
    report.sent++;
    log.info('outbox message sent', { messageId: message.id, topic: message.topic, attempt: message.attempts, via: mailer.kind });
  } catch (error) {
    if (isCustomerEmail(message) && isHardBounce(error)) {
      await suppressEmail(db, email.to, 'hard_bounce', describe(error), now);
      await markMessageFailed(db, message.id, `hard bounce: ${describe(error)}`, null);
      report.dead++;
      log.warn('customer email hard-bounced; the address is suppressed', { messageId: message.id, topic: message.topic });
      return;
    }
    const last = message.attempts >= maxDeliveryAttempts || error instanceof PermanentSendError;
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
  /** How texts go out (default: the environment's, see services/sms.ts). */
  texter?: SmsSender;
  log: Logger;
  now?: Date;
}

/** Tries to deliver one message now, unless another worker holds it or it is not due. */
export async function deliverMessageNow(db: Kysely<Database>, id: number, { mailer, texter = smsSenderFromEnv(), log, now = new Date() }: DeliverOptions): Promise<DeliveryReport> {
  const report = { sent: 0, retrying: 0, dead: 0 };
  for (const message of await claimDueMessages(db, { now, lockMs: claimMs, id })) await deliver(db, message, { mailer, texter }, now, log, report);
  return report;
}

/** Delivers every due message, in batches, until none is left or `maxBatches` ran. */
export async function deliverDueMessages(db: Kysely<Database>, { mailer, texter = smsSenderFromEnv(), log, now = new Date() }: DeliverOptions, maxBatches = 10): Promise<DeliveryReport> {
  const report = { sent: 0, retrying: 0, dead: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimDueMessages(db, { now, lockMs: claimMs, limit: 20 });
    for (const message of claimed) await deliver(db, message, { mailer, texter }, now, log, report);
    if (claimed.length < 20) break;
  }
  return report;
}
