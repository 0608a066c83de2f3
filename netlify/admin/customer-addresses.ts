// POST /api/admin/customers/:id/addresses: adds a service address to a customer (audited).
import { adminCustomerAddressContract } from '../../src/lib/api/admin/customers.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { addAddressByStaff } from '../../src/server/services/admin-customers';

export default defineHandler(adminCustomerAddressContract, ({ params, body, staff, requestId }) => withDb((db) => addAddressByStaff(db, params.id, body, { email: staff.email, requestId })));

export const path = '/api/admin/customers/:id/addresses';
