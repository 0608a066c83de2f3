/** Memberships: created when an order is fulfilled, checked against the one-per-address-and-plan rule. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Membership } from '../db/tables/membership.table';

export type { Membership };

/** The active membership of this plan at this address still running on `onDate` (YYYY-MM-DD), if any. */
export async function findActiveMembership(db: Kysely<Database>, addressKey: string, productId: number, onDate: string): Promise<Membership | undefined> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('address_key', '=', addressKey)
    .where('product_id', '=', productId)
    .where('status', '=', 'active')
    .where('ends_on', '>=', onDate)
    .orderBy('ends_on', 'desc')
    .executeTakeFirst();
}

export async function findMembershipById(db: Kysely<Database>, id: number): Promise<Membership | undefined> {
  return db.selectFrom('memberships').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewMembershipValues {
  public_id: string;
  customer_id: number;
  product_id: number;
  service_address_id: number;
  address_key: string;
  order_id: number;
  order_item_id: number;
  starts_on: string;
  ends_on: string;
  visits_included: number;
}

/** Inserts the line's membership; undefined when that line has one already. */
export async function insertMembership(db: Kysely<Database>, values: NewMembershipValues): Promise<Membership | undefined> {
  return db.insertInto('memberships').values(values).onConflict((oc) => oc.column('order_item_id').doNothing()).returningAll().executeTakeFirst();
}

export async function listMembershipsForOrder(db: Kysely<Database>, orderId: number): Promise<Membership[]> {
  return db.selectFrom('memberships').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}
