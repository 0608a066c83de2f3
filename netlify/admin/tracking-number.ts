// PUT /api/admin/tracking-numbers/:id: change a channel's number, rules, order, active or default (audited).
import { adminTrackingUpdateContract } from '../../src/lib/api/admin/tracking-numbers.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { updateChannel } from '../../src/server/services/admin-tracking-numbers';

export default defineHandler(adminTrackingUpdateContract, ({ params, body, staff, requestId }) => withDb((db) => updateChannel(db, params.id, body, { email: staff.email, requestId })));

export const path = '/api/admin/tracking-numbers/:id';
