// GET and PATCH /api/admin/leads/:id: one lead with its history; change its status or notes (audited).
import { adminLeadContract, adminLeadUpdateContract } from '../../src/lib/api/admin/leads.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { leadDetail, updateLead } from '../../src/server/services/admin-leads';

export default defineHandlers(
  defineHandler(adminLeadContract, ({ params }) => withDb((db) => leadDetail(db, params.id))),
  defineHandler(adminLeadUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updateLead(db, params.id, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/leads/:id';
