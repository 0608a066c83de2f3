// GET /api/admin/overview: what needs a person now and the last 30 days, for /admin.
import { adminOverviewContract } from '../../src/lib/api/admin/leads.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { overview } from '../../src/server/services/admin-leads';

export default defineHandler(adminOverviewContract, () => withDb((db) => overview(db)));

export const path = '/api/admin/overview';
