// POST /api/admin/customers/:id/link: links the leads and orders with this customer's email or phone (audited).
import { adminCustomerLinkContract } from '../../src/lib/api/admin/customers.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { linkCustomerByStaff } from '../../src/server/services/admin-customers';

export default defineHandler(adminCustomerLinkContract, ({ params, staff, requestId }) => withDb((db) => linkCustomerByStaff(db, params.id, { email: staff.email, requestId })));

export const path = '/api/admin/customers/:id/link';
