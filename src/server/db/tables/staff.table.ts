/** Staff sign-in: the allowlist with roles, and the Better Auth tables our code reads. */
import type { ColumnType, Generated, Selectable } from 'kysely';

export type StaffRole = 'owner' | 'staff';

export interface StaffMemberTable {
  id: Generated<number>;
  /** Lower case; only these emails can sign in to /admin. */
  email: string;
  role: StaffRole;
  name: string | null;
  added_by: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  /** Set when an owner removes the person: they can no longer sign in. */
  revoked_at: Date | null;
}
export type StaffMember = Selectable<StaffMemberTable>;

/** Better Auth's user table (its camelCase names). */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Better Auth's session table. */
export interface AuthSessionTable {
  id: string;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  token: string;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  updatedAt: ColumnType<Date, Date | string, Date | string>;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: ColumnType<Date, Date | string | undefined, never>;
  actor_email: string;
  /** e.g. `lead.status`, `staff.add`, `staff.revoke-sessions`. */
  action: string;
  entity: string;
  entity_id: string;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  request_id: string | null;
}
export type AuditEntry = Selectable<AuditLogTable>;
