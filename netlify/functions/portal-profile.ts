// PATCH /api/portal/profile: the signed-in customer changes their own name and phone.
import { portalProfileContract } from '../../src/lib/api/portal.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { updatePortalProfile } from '../../src/server/services/customer-portal';

export default defineHandler(portalProfileContract, ({ customer, body, requestId }) => withDb((db) => updatePortalProfile(db, customer, body, requestId)));

export const config = { path: '/api/portal/profile' };
