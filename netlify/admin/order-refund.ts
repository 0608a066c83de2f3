// POST /api/admin/orders/:id/refund (owner): refunds a paid order in full, through Stripe when it was paid there. Audited.
import { adminOrderRefundContract } from '../../src/lib/api/admin/orders.contract';
import { withDb } from '../../src/server/db/connect';
import { defineHandler } from '../../src/server/http/handler';
import { orderDetail, refundOrder } from '../../src/server/services/admin-orders';
import { stripeClient } from '../../src/server/services/stripe-client';

export default defineHandler(adminOrderRefundContract, async ({ params, body, staff, requestId }) => {
  await withDb((db) => refundOrder(db, params.id, body.note, { email: staff.email, requestId }, stripeClient()));
  return withDb((db) => orderDetail(db, params.id));
});

export const path = '/api/admin/orders/:id/refund';
