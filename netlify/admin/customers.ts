// GET and POST /api/admin/customers: the customer list (searched, sorted, one page at a time) and a new customer (audited).
import { adminCustomerCreateContract, adminCustomerListContract } from '../../src/lib/api/admin/customers.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { createCustomerByStaff, listCustomersForStaff } from '../../src/server/services/admin-customers';

export default defineHandlers(
  defineHandler(adminCustomerListContract, ({ query }) => withDb((db) => listCustomersForStaff(db, query))),
  defineHandler(adminCustomerCreateContract, ({ body, staff, requestId }) => withDb((db) => createCustomerByStaff(db, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/customers';
