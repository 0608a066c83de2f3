// GET and POST /api/admin/tracking-numbers: the channels with their numbers and rules; add a channel (audited).
import { adminTrackingAddContract, adminTrackingListContract } from '../../src/lib/api/admin/tracking-numbers.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { addChannel, listChannels } from '../../src/server/services/admin-tracking-numbers';

export default defineHandlers(
  defineHandler(adminTrackingListContract, () => withDb((db) => listChannels(db))),
  defineHandler(adminTrackingAddContract, ({ body, staff, requestId }) => withDb((db) => addChannel(db, body, { email: staff.email, requestId }))),
);

export const path = '/api/admin/tracking-numbers';
