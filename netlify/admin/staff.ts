// GET and POST /api/admin/staff (owner only): the staff list; add or restore someone (audited).
import { adminStaffAddContract, adminStaffListContract } from '../../src/lib/api/admin/staff.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { addStaff, listStaff } from '../../src/server/services/admin-staff';

export default defineHandlers(
  defineHandler(adminStaffListContract, () => withDb((db) => listStaff(db))),
  defineHandler(adminStaffAddContract, ({ body, staff, requestId }) => withDb((db) => addStaff(db, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/staff';
