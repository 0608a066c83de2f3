// GET /api/admin/success-stories: the stories customers sent (waiting, approved, or spam when asked for).
import { adminStoryListContract } from '../../src/lib/api/admin/success-stories.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listStories } from '../../src/server/services/admin-success-stories';

export default defineHandler(adminStoryListContract, ({ query }) => withDb((db) => listStories(db, query.status)));

export const path = '/api/admin/success-stories';
