/** The owner's staff screen: the allowlist, roles, removing someone (and ending their sessions), the audit log. */
import { sql, type Kysely } from 'kysely';
import type { adminAuditContract, adminStaffAddContract, adminStaffUpdateContract, StaffMemberView } from '../../lib/api/admin/staff.contract';
import type { QueryOf, RequestOf } from '../../lib/api/contract';
import type { Database } from '../db/database';
import type { StaffMember } from '../db/tables/staff.table';
import { HttpError } from '../http/response';
import { appError } from '../http/errors';
import { deleteSessionsOf, normaliseEmail, upsertStaff } from '../auth/staff.repository';
import { recordAudit } from '../repositories/audit.repository';

interface Actor { email: string; requestId: string }
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

async function view(db: Kysely<Database>, member: StaffMember): Promise<StaffMemberView> {
  const row = await db
    .selectFrom('auth_sessions')
    .innerJoin('auth_users', 'auth_users.id', 'auth_sessions.userId')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('auth_users.email', '=', member.email)
    .where('auth_sessions.expiresAt', '>', new Date())
    .executeTakeFirstOrThrow();
  return { id: member.id, email: member.email, name: member.name, role: member.role, addedBy: member.added_by, createdAt: iso(member.created_at)!, revokedAt: iso(member.revoked_at), activeSessions: Number(row.n) };
}

export async function listStaff(db: Kysely<Database>): Promise<{ staff: StaffMemberView[] }> {
  const members = await db.selectFrom('staff_members').selectAll().orderBy(sql`revoked_at is not null`).orderBy('email').execute();
  return { staff: await Promise.all(members.map((m) => view(db, m))) };
}

export async function addStaff(db: Kysely<Database>, input: RequestOf<typeof adminStaffAddContract>, actor: Actor): Promise<StaffMemberView> {
  const member = await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('staff_members').selectAll().where('email', '=', normaliseEmail(input.email)).executeTakeFirst();
    const saved = await upsertStaff(trx, { email: input.email, role: input.role, name: input.name || null, addedBy: actor.email });
    await recordAudit(trx, { actor: actor.email, action: 'staff.add', entity: 'staff', entityId: saved.email, before: before ? { role: before.role, revoked: before.revoked_at !== null } : undefined, after: { role: saved.role }, requestId: actor.requestId });
    return saved;
  });
  return view(db, member);
}

export async function updateStaff(db: Kysely<Database>, id: number, change: RequestOf<typeof adminStaffUpdateContract>, actor: Actor): Promise<StaffMemberView> {
  const member = await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('staff_members').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!current) throw appError('NotFound');
    const self = current.email === actor.email;
    if (self && (change.revoked === true || change.role === 'staff')) {
      throw new HttpError(409, 'You cannot remove yourself or lower your own role. Ask another owner to do it.');
    }
    const losesOwner = current.role === 'owner' && current.revoked_at === null && (change.role === 'staff' || change.revoked === true);
    if (losesOwner) {
      const owners = await trx.selectFrom('staff_members').select((eb) => eb.fn.countAll<string>().as('n')).where('role', '=', 'owner').where('revoked_at', 'is', null).executeTakeFirstOrThrow();
      if (Number(owners.n) <= 1) throw new HttpError(409, 'This is the only owner. Make someone else an owner first.');
    }
    const set: { role?: StaffMember['role']; revoked_at?: Date | null } = {};
    if (change.role !== undefined && change.role !== current.role) set.role = change.role;
    if (change.revoked !== undefined && change.revoked !== (current.revoked_at !== null)) set.revoked_at = change.revoked ? new Date() : null;
    const updated = Object.keys(set).length ? await trx.updateTable('staff_members').set(set).where('id', '=', id).returningAll().executeTakeFirstOrThrow() : current;
    // Removing someone, or asking for it, ends every session they have at once.
    const ended = change.revoked === true || change.endSessions ? await deleteSessionsOf(trx, current.email) : 0;
    if (Object.keys(set).length || ended) {
      await recordAudit(trx, {
        actor: actor.email, action: change.revoked === true ? 'staff.remove' : change.revoked === false ? 'staff.restore' : set.role ? 'staff.role' : 'staff.end-sessions', entity: 'staff', entityId: current.email,
        before: { role: current.role, revoked: current.revoked_at !== null }, after: { role: updated.role, revoked: updated.revoked_at !== null, sessionsEnded: ended }, requestId: actor.requestId,
      });
    }
    return updated;
  });
  return view(db, member);
}

export async function auditLog(db: Kysely<Database>, query: QueryOf<typeof adminAuditContract>) {
  let base = db.selectFrom('audit_log');
  if (query.entity) base = base.where('entity', '=', query.entity);
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
  ]);
  return {
    rows: rows.map((r) => ({ id: String(r.id), at: iso(r.at)!, actor: r.actor_email, action: r.action, entity: r.entity, entityId: r.entity_id, before: r.before, after: r.after, requestId: r.request_id })),
    total: Number(n), page: query.page, pageSize: query.pageSize,
  };
}
