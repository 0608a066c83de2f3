/** The staff allowlist and the sessions of staff, read and changed with our own Kysely. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { StaffMember, StaffRole } from '../db/tables/staff.table';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The active (not revoked) staff member with this email, if any. */
export function findActiveStaff(db: Kysely<Database>, email: string): Promise<StaffMember | undefined> {
  return db.selectFrom('staff_members').selectAll().where('email', '=', normaliseEmail(email)).where('revoked_at', 'is', null).executeTakeFirst();
}

export async function countActiveStaff(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('staff_members').select((eb) => eb.fn.countAll<string>().as('n')).where('revoked_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Adds `email` with `role`, or restores and updates a revoked entry. */
export async function upsertStaff(db: Kysely<Database>, entry: { email: string; role: StaffRole; name?: string | null; addedBy: string }): Promise<StaffMember> {
  return db
    .insertInto('staff_members')
    .values({ email: normaliseEmail(entry.email), role: entry.role, name: entry.name ?? null, added_by: entry.addedBy })
    .onConflict((oc) => oc.column('email').doUpdateSet({ role: entry.role, revoked_at: null, ...(entry.name !== undefined ? { name: entry.name } : {}) }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Ends every session of the user with this email (sign out everywhere, or access removed). */
export async function deleteSessionsOf(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db
    .deleteFrom('auth_sessions')
    .where('userId', 'in', db.selectFrom('auth_users').select('id').where('email', '=', normaliseEmail(email)))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
