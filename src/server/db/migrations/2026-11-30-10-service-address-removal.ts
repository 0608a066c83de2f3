/**
 * A customer removes a service address from the portal. The row stays (past visits and ended
 * memberships still name the place they were at); `removed_at` hides it from the customer's list
 * and the account chooser. The same address added again, or a new job or membership there, brings
 * the row back (see upsertServiceAddress).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('service_addresses').addColumn('removed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('service_addresses').dropColumn('removed_at').execute();
}
