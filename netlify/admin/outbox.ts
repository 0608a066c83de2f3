// GET /api/admin/outbox: the email outbox (pending, sent, dead) for staff.
import { adminOutboxContract } from '../../src/lib/api/admin/outbox.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listOutbox } from '../../src/server/services/admin-outbox';

export default defineHandler(adminOutboxContract, ({ query }) => withDb((db) => listOutbox(db, query)));

export const path = '/api/admin/outbox';
