/** Schema migrations: run from scripts (npm run db:migrate, build, start), never inside a request. */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { FileMigrationProvider, Migrator } from 'kysely/migration';

const migrationFolder = fileURLToPath(new URL('./migrations', import.meta.url));
const migrationTable = 'kysely_migration';

/** A migration that failed, named so the message says which file to look at. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Applies every pending migration in ./migrations and returns the names it applied (oldest first).
 * The bookkeeping tables live in the connection's current schema. Kysely would otherwise accept a
 * kysely_migration table in any schema as its own, which breaks a test run in its own schema.
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder }),
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  let { error, results = [] } = await migrator.migrateToLatest();
  // Kysely's migrator looks its table up by scanning every schema; another schema dropped during that
  // scan (a parallel test run tidying its own) fails it with "schema … does not exist" before anything
  // is applied. That says nothing about this database, so the scan is tried again.
  for (let retry = 0; retry < 3 && error && isOtherSchemaGone(error, rows[0]?.schema); retry++) {
    ({ error, results = [] } = await migrator.migrateToLatest());
  }
  if (error) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      failed
        ? `Migration ${failed} failed: ${reason}. Nothing after it was applied; fix src/server/db/migrations/${failed}.ts and run npm run db:migrate again.`
        : `The migrations could not run: ${reason}`,
      { cause: error },
    );
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

function isOtherSchemaGone(error: unknown, ownSchema: string | undefined): boolean {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === '3F000' && !!ownSchema && !String(message).includes(`"${ownSchema}"`);
}

/** How many migrations this database has applied; 0 when it has never been migrated. */
export async function countAppliedMigrations(db: Kysely<any>): Promise<number> {
  const { rows } = await sql<{ exists: boolean }>`select to_regclass(${migrationTable}) is not null as exists`.execute(db);
  if (!rows[0]?.exists) return 0;
  const counted = await sql<{ count: number }>`select count(*)::int as count from ${sql.table(migrationTable)}`.execute(db);
  return counted.rows[0]?.count ?? 0;
}
