// POST /api/admin/jobs/import: a CSV of jobs, previewed row by row, then imported all together or not at all (audited).
import { adminJobImportContract } from '../../src/lib/api/admin/jobs.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { importJobs } from '../../src/server/services/job-import';

export default defineHandler(adminJobImportContract, ({ body, staff, requestId }) => withDb((db) => importJobs(db, body, { email: staff.email, requestId })));

export const path = '/api/admin/jobs/import';
