/** Leads remember the traffic source (tracking channel) the visitor came from, for the inbox and the overview. */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leads')
    .addColumn('traffic_source', 'text', (c) => c.check(sql`char_length(traffic_source) between 1 and 40`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('traffic_source').execute();
}
