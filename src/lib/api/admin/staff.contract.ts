/** The staff list (owner only): who can sign in to /admin and with which role, and the audit log. */
import { z } from 'zod';
import { defineContract } from '../contract';
import { staffRoles } from './session.contract';

const staffMember = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(staffRoles),
  addedBy: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  activeSessions: z.number().int(),
});
export type StaffMemberView = z.output<typeof staffMember>;

export const adminStaffListContract = defineContract({
  path: '/api/admin/staff',
  method: 'GET',
  access: 'owner',
  response: z.object({ staff: z.array(staffMember) }),
});

export const adminStaffAddContract = defineContract({
  path: '/api/admin/staff',
  method: 'POST',
  access: 'owner',
  request: z.strictObject({
    email: z.email('Enter an email address, like name@example.com.').max(254),
    role: z.enum(staffRoles),
    name: z.string().trim().max(100).optional(),
  }),
  response: staffMember,
});

export const adminStaffUpdateContract = defineContract({
  path: '/api/admin/staff/:id',
  method: 'PATCH',
  access: 'owner',
  params: z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
  request: z
    .strictObject({ role: z.enum(staffRoles).optional(), revoked: z.boolean().optional(), endSessions: z.literal(true).optional() })
    .refine((v) => v.role !== undefined || v.revoked !== undefined || v.endSessions !== undefined, { message: 'Send a role, revoked or endSessions.' }),
  response: staffMember,
});

const auditRow = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  requestId: z.string().nullable(),
});

export const adminAuditContract = defineContract({
  path: '/api/admin/audit',
  method: 'GET',
  access: 'owner',
  query: z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(10).max(100).default(50),
    entity: z.string().regex(/^[a-z-]{1,40}$/).optional(),
  }),
  response: z.object({ rows: z.array(auditRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});
