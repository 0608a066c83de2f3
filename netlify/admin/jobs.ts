// GET and POST /api/admin/jobs: the job list (searched, sorted, one page at a time) and a job added by hand (audited).
import { adminJobCreateContract, adminJobListContract } from '../../src/lib/api/admin/jobs.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { createJobByStaff, listJobsForStaff } from '../../src/server/services/admin-jobs';

export default defineHandlers(
  defineHandler(adminJobListContract, ({ query }) => withDb((db) => listJobsForStaff(db, query))),
  defineHandler(adminJobCreateContract, ({ body, staff, requestId }) => withDb((db) => createJobByStaff(db, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/jobs';
