/** The audit trail: every change staff make, written in the same transaction as the change. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';

export interface AuditInput {
  actor: string;
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  requestId?: string;
}

export async function recordAudit(db: Kysely<Database>, entry: AuditInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_email: entry.actor,
      action: entry.action,
      entity: entry.entity,
      entity_id: String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      request_id: entry.requestId ?? null,
    })
    .execute();
}

export function auditOf(db: Kysely<Database>, entity: string, entityId: string | number) {
  return db.selectFrom('audit_log').selectAll().where('entity', '=', entity).where('entity_id', '=', String(entityId)).orderBy('at', 'desc').orderBy('id', 'desc').limit(100).execute();
}
