/**
 * Who is asking: the signed-in staff member behind a request's session cookie, checked on the
 * server for every non-public endpoint (src/server/http/handler.ts). A session older than 12 hours,
 * or of an email no longer on the staff list, is ended here.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { StaffRole } from '../db/tables/staff.table';
import { createAuth, sessionAbsoluteSeconds } from './auth';
import { findActiveStaff } from './staff.repository';

export interface StaffSession {
  sessionId: string;
  userId: string;
  email: string;
  name: string | null;
  role: StaffRole;
  signedInAt: Date;
  expiresAt: Date;
}

export async function staffFromRequest(db: Kysely<Database>, request: Request, now = new Date()): Promise<StaffSession | null> {
  const auth = createAuth(db, request);
  const found = await auth.api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
  if (!found) return null;
  const { session, user } = found;
  const staff = await findActiveStaff(db, user.email);
  const tooOld = now.getTime() - new Date(session.createdAt).getTime() > sessionAbsoluteSeconds * 1000;
  if (!staff || tooOld) {
    await db.deleteFrom('auth_sessions').where('id', '=', session.id).execute();
    return null;
  }
  return { sessionId: session.id, userId: user.id, email: staff.email, name: staff.name || user.name || null, role: staff.role, signedInAt: new Date(session.createdAt), expiresAt: new Date(session.expiresAt) };
}

/** Whether `role` meets an access level. */
export const roleMeets = (role: StaffRole, access: 'staff' | 'owner') => access === 'staff' || role === 'owner';
