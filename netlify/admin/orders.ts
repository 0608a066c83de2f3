// GET /api/admin/orders: the store's orders, newest first, filtered by state or searched.
import { adminOrderListContract } from '../../src/lib/api/admin/orders.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { listOrders } from '../../src/server/services/admin-orders';

export default defineHandler(adminOrderListContract, ({ query }) => withDb((db) => listOrders(db, query)));

export const path = '/api/admin/orders';
