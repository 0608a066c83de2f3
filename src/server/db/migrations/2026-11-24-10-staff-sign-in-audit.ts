/**
 * Staff sign-in and the audit trail. Better Auth's tables (auth_*) keep its own camelCase column
 * names, so its Kysely adapter reads them unchanged; src/server/auth/auth.ts names them. Staff are
 * an allowlist of emails with a role; every change staff make is written to audit_log. Leads gain
 * the inbox's statuses and notes.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', 'boolean', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', 'timestamptz', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('auth_sessions_user_idx').on('auth_sessions').column('userId').execute();
  await db.schema
    .createTable('auth_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('auth_users.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', 'timestamptz')
    .addColumn('refreshTokenExpiresAt', 'timestamptz')
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_accounts_user_idx').on('auth_accounts').column('userId').execute();
  await db.schema
    .createTable('auth_verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'timestamptz', (c) => c.notNull())
    .addColumn('createdAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updatedAt', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('auth_verifications_identifier_idx').on('auth_verifications').column('identifier').execute();
  await db.schema
    .createTable('auth_rate_limits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('lastRequest', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('staff_members')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(email) and char_length(email) between 3 and 254`))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'staff')`))
    .addColumn('name', 'text', (c) => c.check(sql`char_length(name) <= 100`))
    .addColumn('added_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('request_id', 'text')
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity', 'entity_id', 'at']).execute();

  await sql`alter table leads drop constraint if exists leads_status_check`.execute(db);
  await sql`alter table leads add constraint leads_status_check check (status in ('new', 'contacted', 'scheduled', 'won', 'lost', 'spam'))`.execute(db);
  await db.schema
    .alterTable('leads')
    .addColumn('staff_notes', 'text', (c) => c.check(sql`char_length(staff_notes) <= 5000`))
    .addColumn('status_changed_at', 'timestamptz')
    .addColumn('status_changed_by', 'text')
    .execute();
  await db.schema.createIndex('leads_created_idx').on('leads').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('staff_notes').dropColumn('status_changed_at').dropColumn('status_changed_by').execute();
  await sql`alter table leads drop constraint if exists leads_status_check`.execute(db);
  await sql`alter table leads add constraint leads_status_check check (status in ('new', 'spam'))`.execute(db);
  for (const table of ['audit_log', 'staff_members', 'auth_rate_limits', 'auth_verifications', 'auth_accounts', 'auth_sessions', 'auth_users']) {
    await db.schema.dropTable(table).execute();
  }
}
