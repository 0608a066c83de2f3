// GET /api/admin/audit (owner only): every change staff made, newest first.
import { adminAuditContract } from '../../src/lib/api/admin/staff.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { auditLog } from '../../src/server/services/admin-staff';

export default defineHandler(adminAuditContract, ({ query }) => withDb((db) => auditLog(db, query)));

export const path = '/api/admin/audit';
