/**
 * A renewal token per membership: the random, unguessable key of its renew link (reminder emails,
 * the customer portal), with which checkout pre-fills the holder's details and service address.
 * The database makes it (two UUIDv4s, 244 random bits, as 64 hex characters), so existing rows get
 * one each when the column is added.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('memberships')
    .addColumn('renewal_token', 'text', (c) => c.notNull().unique().defaultTo(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('memberships').dropColumn('renewal_token').execute();
}
