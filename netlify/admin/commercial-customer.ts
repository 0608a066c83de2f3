// PUT and DELETE /api/admin/commercial-customers/:id: change or delete a commercial customer (audited).
import { adminCommercialCustomerDeleteContract, adminCommercialCustomerUpdateContract } from '../../src/lib/api/admin/commercial-customers.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { deleteCustomer, updateCustomer } from '../../src/server/services/admin-commercial-customers';

export default defineHandlers(
  defineHandler(adminCommercialCustomerUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updateCustomer(db, params.id, body, { email: staff.email, requestId }))),
  defineHandler(adminCommercialCustomerDeleteContract, ({ params, staff, requestId }) => withDb((db) => deleteCustomer(db, params.id, { email: staff.email, requestId }))),
);

export const path = '/api/admin/commercial-customers/:id';
