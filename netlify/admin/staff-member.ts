// PATCH /api/admin/staff/:id (owner only): change a role, remove or restore someone, end their sessions (audited).
import { adminStaffUpdateContract } from '../../src/lib/api/admin/staff.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { updateStaff } from '../../src/server/services/admin-staff';

export default defineHandler(adminStaffUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updateStaff(db, params.id, body, { email: staff.email, requestId })));

export const path = '/api/admin/staff/:id';
