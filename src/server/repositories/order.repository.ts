/** Store orders and their lines: written at checkout, moved by Stripe's events and by staff. */
import { sql, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../db/database';
import type { NewOrder, NewOrderItem, Order, OrderItem, OrderTable } from '../db/tables/order.table';

export type { Order, OrderItem };

/** EPS-001001: the next number of the order sequence. */
export async function nextOrderNumber(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ n: string }>`select nextval('order_number_seq')::text as n`.execute(db);
  return `EPS-${rows[0]!.n.padStart(6, '0')}`;
}

/** Stores an order (call inside the transaction that stores its lines); undefined when its idempotency key was used already. */
export async function insertOrder(db: Kysely<Database>, order: NewOrder): Promise<Order | undefined> {
  return db.insertInto('orders').values(order).onConflict((oc) => oc.column('idempotency_key').doNothing()).returningAll().executeTakeFirst();
}

export async function insertOrderItems(db: Kysely<Database>, orderId: number, items: Omit<NewOrderItem, 'order_id'>[]): Promise<OrderItem[]> {
  return db.insertInto('order_items').values(items.map((item) => ({ ...item, order_id: orderId }))).returningAll().execute();
}

export async function findOrderByIdempotencyKey(db: Kysely<Database>, key: string): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export async function findOrderByPublicId(db: Kysely<Database>, publicId: string): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirst();
}

export async function findOrderBySessionId(db: Kysely<Database>, sessionId: string): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('stripe_session_id', '=', sessionId).executeTakeFirst();
}

/** The order, locked until the transaction ends: one fulfilment at a time. */
export async function lockOrderByPublicId(db: Kysely<Database>, publicId: string): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('public_id', '=', publicId).forUpdate().executeTakeFirst();
}

export async function lockOrderById(db: Kysely<Database>, id: number): Promise<Order | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function listOrderItems(db: Kysely<Database>, orderId: number): Promise<OrderItem[]> {
  return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export type OrderChanges = Omit<Updateable<OrderTable>, 'id' | 'public_id' | 'order_number' | 'created_at' | 'updated_at'>;

export async function updateOrder(db: Kysely<Database>, id: number, changes: OrderChanges): Promise<Order | undefined> {
  return db.updateTable('orders').set({ ...changes, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirst();
}
