// PATCH and DELETE /api/portal/addresses/:id: the signed-in customer corrects or removes one of their own service addresses.
import { portalAddressRemoveContract, portalAddressUpdateContract } from '../../src/lib/api/portal.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { removePortalAddress, updatePortalAddress } from '../../src/server/services/customer-portal';

export default defineHandlers(
  defineHandler(portalAddressUpdateContract, ({ customer, params, body, requestId }) => withDb((db) => updatePortalAddress(db, customer, params.id, body, requestId))),
  defineHandler(portalAddressRemoveContract, ({ customer, params, requestId }) => withDb((db) => removePortalAddress(db, customer, params.id, requestId))),
);

export const config = { path: '/api/portal/addresses/:id' };
