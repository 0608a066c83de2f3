/**
 * Leads (estimate and booking requests, spam kept apart by status), the outbox that notifies staff
 * of each lead, and the per-client counters of the rate limit.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('estimate', 'booking')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new').check(sql`status in ('new', 'spam')`))
    .addColumn('spam_reason', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('service', 'text')
    .addColumn('location', 'text')
    .addColumn('urgency', 'text')
    .addColumn('message', 'text')
    .addColumn('page_context', 'text', (c) => c.notNull())
    .addColumn('zip', 'text')
    .addColumn('preferred_date', 'text')
    .addColumn('arrival_window', 'text')
    .addColumn('office_id', 'text')
    .addColumn('idempotency_key', 'uuid', (c) => c.unique())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('client_hash', 'text')
    .addColumn('form_elapsed_ms', 'integer')
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('leads_created_at_idx').on('leads').column('created_at desc').execute();

  await db.schema
    .createTable('outbox_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('cascade'))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'dead')`))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('outbox_messages_due_idx')
    .on('outbox_messages')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('bucket', 'text', (c) => c.notNull())
    .addColumn('client_hash', 'text', (c) => c.notNull())
    .addColumn('window_start', 'timestamptz', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['bucket', 'client_hash', 'window_start'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
  await db.schema.dropTable('outbox_messages').execute();
  await db.schema.dropTable('leads').execute();
}
