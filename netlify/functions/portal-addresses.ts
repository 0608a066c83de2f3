// POST /api/portal/addresses: the signed-in customer adds a service address to their own record.
import { portalAddressAddContract } from '../../src/lib/api/portal.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { addPortalAddress } from '../../src/server/services/customer-portal';

export default defineHandler(portalAddressAddContract, ({ customer, body, requestId }) => withDb((db) => addPortalAddress(db, customer, body, requestId)));

export const config = { path: '/api/portal/addresses' };
