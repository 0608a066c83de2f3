// GET /api/admin/site-health: outbox, reviews sync, database, migrations and publishing at a glance.
import { adminSiteHealthContract } from '../../src/lib/api/admin/publishing.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { siteHealth } from '../../src/server/services/admin-publishing';

export default defineHandler(adminSiteHealthContract, () => withDb((db) => siteHealth(db)));

export const path = '/api/admin/site-health';
