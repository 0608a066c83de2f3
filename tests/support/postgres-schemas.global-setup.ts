/**
 * Vitest global setup: names this run's PostgreSQL test schemas and drops them when every worker
 * has finished. Dropping a schema while another worker migrates its own fails that migration:
 * Kysely's migrator lists tables through `has_schema_privilege(nspname, …)` over every schema, and
 * a schema dropped mid-scan raises "schema … does not exist". So no schema is dropped during the run.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { testPostgresUrl, testSchemaPrefix } from '../../src/server/db/test-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    testSchemaRun: string;
  }
}

/** Leftovers of runs that were killed before their teardown are dropped after this long. */
const staleAfterMs = 6 * 60 * 60 * 1000;

async function dropSchemas(which: (name: string) => boolean): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch {
    return; // The suites that need the server say how to start it.
  }
  try {
    const { rows } = await client.query<{ name: string }>(`select nspname as name from pg_namespace where nspname like 'test\\_%'`);
    for (const { name } of rows.filter((row) => which(row.name))) {
      await client.query(`drop schema if exists ${pg.escapeIdentifier(name)} cascade`);
    }
  } finally {
    await client.end();
  }
}

function createdAt(name: string): number {
  const stamp = /^test_([0-9a-z]+)_/.exec(name)?.[1];
  return stamp ? parseInt(stamp, 36) : Number.NaN;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = Date.now().toString(36);
  project.provide('testSchemaRun', run);
  await dropSchemas((name) => Date.now() - createdAt(name) > staleAfterMs);
  return () => dropSchemas((name) => name.startsWith(testSchemaPrefix(run)));
}
