// GET and PUT /api/admin/customers/:id: one customer with everything linked to them; edit their details (audited).
import { adminCustomerContract, adminCustomerUpdateContract } from '../../src/lib/api/admin/customers.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { customerForStaff, updateCustomerByStaff } from '../../src/server/services/admin-customers';

export default defineHandlers(
  defineHandler(adminCustomerContract, ({ params }) => withDb((db) => customerForStaff(db, params.id))),
  defineHandler(adminCustomerUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updateCustomerByStaff(db, params.id, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/customers/:id';
