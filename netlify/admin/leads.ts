// GET /api/admin/leads: the staff inbox of estimate and booking requests (server-paginated, sorted, searched).
import { adminLeadListContract } from '../../src/lib/api/admin/leads.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listLeads } from '../../src/server/services/admin-leads';

export default defineHandler(adminLeadListContract, ({ query }) => withDb((db) => listLeads(db, query)));

export const path = '/api/admin/leads';
