/** What the success page may show about an order: its number, state, lines and total; nothing personal. */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { checkoutStatusSchema } from '../../lib/api/checkout.contract';
import type { Database } from '../db/database';
import { appError } from '../http/errors';
import { findOrderByPublicId, findOrderBySessionId, listOrderItems } from '../repositories/order.repository';

export async function checkoutStatus(db: Kysely<Database>, query: { session_id?: string | undefined; order?: string | undefined }): Promise<z.input<typeof checkoutStatusSchema>> {
  const order = query.session_id ? await findOrderBySessionId(db, query.session_id) : query.order ? await findOrderByPublicId(db, query.order) : undefined;
  if (!order) throw appError('NotFound');
  const items = await listOrderItems(db, order.id);
  return {
    orderNumber: order.order_number,
    status: order.status,
    items: items.map((item) => ({ name: item.name, quantity: item.quantity, kind: item.kind })),
    totalCents: order.total_cents,
  };
}
