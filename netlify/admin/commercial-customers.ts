// GET and POST /api/admin/commercial-customers: the customers the commercial pages show (sorted); add one (audited).
import { adminCommercialCustomerCreateContract, adminCommercialCustomerListContract } from '../../src/lib/api/admin/commercial-customers.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { createCustomer, listCustomers } from '../../src/server/services/admin-commercial-customers';

export default defineHandlers(
  defineHandler(adminCommercialCustomerListContract, ({ query }) => withDb((db) => listCustomers(db, query.sort))),
  defineHandler(adminCommercialCustomerCreateContract, ({ body, staff, requestId }) => withDb((db) => createCustomer(db, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/commercial-customers';
