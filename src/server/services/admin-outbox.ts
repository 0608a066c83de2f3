/** The outbox as staff see it: what waits, what was sent, what died and why; a dead message sent again. */
import type { Kysely } from 'kysely';
import type { adminOutboxContract, OutboxRow } from '../../lib/api/admin/outbox.contract';
import type { QueryOf } from '../../lib/api/contract';
import type { Database } from '../db/database';
import type { OutboxMessage } from '../db/tables/outbox-message.table';
import { HttpError } from '../http/response';
import { appError } from '../http/errors';
import { recordAudit } from '../repositories/audit.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function row(m: OutboxMessage): OutboxRow {
  const payload = (typeof m.payload === 'string' ? JSON.parse(m.payload) : m.payload) as { subject?: unknown; body?: unknown };
  // A text has no subject: staff see its first words instead.
  const subject = typeof payload?.subject === 'string' ? payload.subject : m.channel === 'sms' && typeof payload?.body === 'string' ? `Text: ${payload.body.slice(0, 80)}` : '(no subject)';
  return {
    id: m.id, topic: m.topic, leadId: m.lead_id, subject, status: m.status, attempts: m.attempts,
    nextAttemptAt: iso(m.next_attempt_at)!, lastError: m.last_error, createdAt: iso(m.created_at)!, sentAt: iso(m.sent_at),
  };
}

export async function listOutbox(db: Kysely<Database>, query: QueryOf<typeof adminOutboxContract>) {
  let base = db.selectFrom('outbox_messages');
  if (query.status !== 'all') base = base.where('status', '=', query.status);
  const [{ n }, rows, counts] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
    db.selectFrom('outbox_messages').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute(),
  ]);
  const byStatus = { pending: 0, sent: 0, dead: 0 };
  for (const c of counts) byStatus[c.status] = Number(c.n);
  return { rows: rows.map(row), total: Number(n), counts: byStatus, page: query.page, pageSize: query.pageSize };
}

/** Puts a dead message back in the queue, due now (the caller tries it at once; the worker retries). */
export async function requeueDead(db: Kysely<Database>, id: number, actor: { email: string; requestId: string }): Promise<OutboxRow> {
  return db.transaction().execute(async (trx) => {
    const message = await trx.selectFrom('outbox_messages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!message) throw appError('NotFound');
    if (message.status !== 'dead') throw new HttpError(409, message.status === 'sent' ? 'This email was already sent.' : 'This email is still queued: it is sent automatically.');
    // Opted out or suppressed: sending again would be refused again, and must be.
    if (message.last_error?.startsWith('suppressed: ') || message.last_error?.startsWith('hard bounce: ')) {
      throw new HttpError(409, `This email was not sent on purpose (${message.last_error.replace(/^suppressed: /, '').slice(0, 120)}), so it cannot be sent again.`);
    }
    const updated = await trx.updateTable('outbox_messages').set({ status: 'pending', attempts: 0, next_attempt_at: new Date(), locked_until: null }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, { actor: actor.email, action: 'outbox.resend', entity: 'outbox', entityId: id, before: { status: 'dead', attempts: message.attempts, lastError: message.last_error }, after: { status: 'pending' }, requestId: actor.requestId });
    return row(updated);
  });
}
