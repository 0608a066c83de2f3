// POST /api/admin/customers/:id/merge: merges a duplicate into this customer in one transaction (audited on both).
import { adminCustomerMergeContract } from '../../src/lib/api/admin/customers.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { mergeCustomersByStaff } from '../../src/server/services/admin-customers';

export default defineHandler(adminCustomerMergeContract, ({ params, body, staff, requestId }) => withDb((db) => mergeCustomersByStaff(db, params.id, body.duplicateId, { email: staff.email, requestId })));

export const path = '/api/admin/customers/:id/merge';
