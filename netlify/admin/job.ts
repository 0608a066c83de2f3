// PUT /api/admin/jobs/:id: edits a job (audited with before and after).
import { adminJobUpdateContract } from '../../src/lib/api/admin/jobs.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { updateJobByStaff } from '../../src/server/services/admin-jobs';

export default defineHandler(adminJobUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updateJobByStaff(db, params.id, body, { email: staff.email, requestId })));

export const path = '/api/admin/jobs/:id';
