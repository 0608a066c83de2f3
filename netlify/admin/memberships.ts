// GET /api/admin/memberships: memberships sold, by end date: address, dates, visits and reminders.
import { adminMembershipListContract } from '../../src/lib/api/admin/orders.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listMemberships } from '../../src/server/services/admin-orders';

export default defineHandler(adminMembershipListContract, ({ query }) => withDb((db) => listMemberships(db, query)));

export const path = '/api/admin/memberships';
