/**
 * Publishing and redirects: changes that public pages show wait in publish_requests until a build
 * (site_builds) takes them; redirects are written to the build's _redirects file; scheduled_runs
 * records when each scheduled function last ran, for the site health screen.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_builds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('trigger', 'text', (c) => c.notNull().check(sql`trigger in ('debounce', 'publish-now', 'deploy', 'manual')`))
    .addColumn('requested_by', 'text')
    .addColumn('target', 'text', (c) => c.notNull().check(sql`target in ('netlify', 'local')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'running', 'succeeded', 'failed')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('log_tail', 'text', (c) => c.check(sql`char_length(log_tail) <= 8192`))
    .execute();
  await db.schema.createIndex('site_builds_status_idx').on('site_builds').columns(['status', 'id']).execute();

  await db.schema
    .createTable('publish_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`char_length(kind) between 1 and 40`))
    .addColumn('label', 'text', (c) => c.notNull().check(sql`char_length(label) between 1 and 300`))
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('build_id', 'integer', (c) => c.references('site_builds.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('publish_requests_build_idx').on('publish_requests').columns(['build_id', 'requested_at']).execute();

  await db.schema
    .createTable('redirects')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('from_path', 'text', (c) => c.notNull().unique().check(sql`char_length(from_path) between 2 and 512`))
    .addColumn('to_path', 'text', (c) => c.notNull().check(sql`char_length(to_path) between 1 and 512`))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hit_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('scheduled_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_started_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_finished_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_ok', 'boolean', (c) => c.notNull())
    .addColumn('last_message', 'text', (c) => c.check(sql`char_length(last_message) <= 1000`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_runs').execute();
  await db.schema.dropTable('redirects').execute();
  await db.schema.dropTable('publish_requests').execute();
  await db.schema.dropTable('site_builds').execute();
}
