// GET and PATCH /api/admin/orders/:id: one order; mark a request paid (fulfils it) or cancel an unpaid one. Audited.
import { adminOrderContract, adminOrderUpdateContract } from '../../src/lib/api/admin/orders.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler, defineHandlers } from '../../src/server/http/handler';
import { deliverSoon } from '../../src/server/http/lead-submission';
import { changeOrder, orderDetail } from '../../src/server/services/admin-orders';

export default defineHandlers(
  defineHandler(adminOrderContract, ({ params }) => withDb((db) => orderDetail(db, params.id))),
  defineHandler(adminOrderUpdateContract, async ({ params, body, staff, requestId, context, log }) => {
    const messageIds = await withDb((db) => changeOrder(db, params.id, body, { email: staff.email, requestId }));
    for (const id of messageIds) await deliverSoon(id, context, log);
    return withDb((db) => orderDetail(db, params.id));
  }),
);

export const path = '/api/admin/orders/:id';
