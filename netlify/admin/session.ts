// GET /api/admin/session: who is signed in to /admin, or 401.
import { adminSessionContract } from '../../src/lib/api/admin/session.contract';
import { defineHandler } from '../../src/server/http/handler';

export default defineHandler(adminSessionContract, ({ staff }) => ({
  email: staff.email,
  name: staff.name,
  role: staff.role,
  signedInAt: staff.signedInAt.toISOString(),
  expiresAt: staff.expiresAt.toISOString(),
}));

export const path = '/api/admin/session';
