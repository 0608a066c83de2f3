// GET /api/admin/not-found: the 404 log (paginated, sortable, searchable) with suggested pages per path.
import { adminNotFoundContract } from '../../src/lib/api/admin/publishing.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listNotFound } from '../../src/server/services/admin-redirects';

export default defineHandler(adminNotFoundContract, ({ query }) => withDb((db) => listNotFound(db, query)));

export const path = '/api/admin/not-found';
