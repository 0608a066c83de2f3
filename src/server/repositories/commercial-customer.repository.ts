/**
 * Commercial customers (commercial_customers table): what /admin/commercial-customers edits and what
 * the commercial pages are built from (the active rows, whose permission is always recorded).
 */
import { sql, type Kysely } from 'kysely';
import type { CustomerSort } from '../../lib/api/admin/commercial-customers.contract';
import type { Database } from '../db/database';
import type { CommercialCustomer, CommercialCustomerUpdate, NewCommercialCustomer } from '../db/tables/commercial-customer.table';

export type { CommercialCustomer };

/** Every customer, active or not: in the pages' order, by name, by industry, or by how long they have been customers. */
export async function listCommercialCustomers(db: Kysely<Database>, sort: CustomerSort = 'order'): Promise<CommercialCustomer[]> {
  let query = db.selectFrom('commercial_customers').selectAll();
  if (sort === 'name') query = query.orderBy(sql`lower(name)`);
  else if (sort === 'industry') query = query.orderBy('industry').orderBy('sort_order').orderBy(sql`lower(name)`);
  else if (sort === 'since') query = query.orderBy(sql`customer_since asc nulls last`).orderBy(sql`lower(name)`);
  else query = query.orderBy('sort_order').orderBy(sql`lower(name)`);
  return query.orderBy('id').limit(1000).execute();
}

/** What the public pages show: active customers (each has its permission recorded), in their order. */
export async function listShownCommercialCustomers(db: Kysely<Database>): Promise<CommercialCustomer[]> {
  return db.selectFrom('commercial_customers').selectAll().where('active', '=', true).where('permission_recorded_at', 'is not', null)
    .orderBy('sort_order').orderBy(sql`lower(name)`).orderBy('id').execute();
}

/** The row, locked for a change in the caller's transaction. */
export async function lockCommercialCustomer(db: Kysely<Database>, id: number): Promise<CommercialCustomer | undefined> {
  return db.selectFrom('commercial_customers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function insertCommercialCustomer(db: Kysely<Database>, values: NewCommercialCustomer): Promise<CommercialCustomer> {
  return db.insertInto('commercial_customers').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateCommercialCustomer(db: Kysely<Database>, id: number, values: CommercialCustomerUpdate): Promise<CommercialCustomer> {
  return db.updateTable('commercial_customers').set({ ...values, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteCommercialCustomer(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('commercial_customers').where('id', '=', id).execute();
}
