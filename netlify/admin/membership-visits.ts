// POST /api/admin/memberships/:id/visits: record a membership visit done (+1) or take one back (-1). Audited.
import { adminMembershipVisitsContract } from '../../src/lib/api/admin/orders.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { changeMembershipVisits } from '../../src/server/services/admin-orders';

export default defineHandler(adminMembershipVisitsContract, ({ params, body, staff, requestId }) =>
  withDb((db) => changeMembershipVisits(db, params.id, body.change, body.note, { email: staff.email, requestId })));

export const path = '/api/admin/memberships/:id/visits';
