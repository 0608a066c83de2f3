/**
 * Vitest global setup: makes one migrated PGlite database that every suite copies (see
 * `pgliteTemplate` below), names this run's PostgreSQL test schemas and drops them when every worker
 * has finished. Dropping a schema while another worker migrates its own fails that migration:
 * Kysely's migrator lists tables through `has_schema_privilege(nspname, …)` over every schema, and
 * a schema dropped mid-scan raises "schema … does not exist". So no schema is dropped during the run.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../src/server/db/migrate';
import { kyselyForPglite, openPglite } from '../../src/server/db/pglite';
import { testPostgresUrl, testSchemaPrefix } from '../../src/server/db/test-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    testSchemaRun: string;
    /** A migrated PGlite database: its folder (`dir`) and the same as a `dumpDataDir` tarball (`tarball`). */
    pgliteTemplate: { dir: string; tarball: string };
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

/**
 * A new PGlite database spends about 5 s of CPU in initdb, and migrating it about 1 s more; some
 * sixty suites each open one. Made and migrated once here, each suite copies it instead (about 1 s).
 */
async function makePgliteTemplate(): Promise<{ dir: string; tarball: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'eps-pglite-template-'));
  const dir = path.join(root, 'db');
  const pglite = await openPglite(dir);
  const db = kyselyForPglite(pglite);
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    await writeFile(path.join(root, 'db.tar'), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.destroy();
  }
  return { dir, tarball: path.join(root, 'db.tar'), remove: () => rm(root, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const run = Date.now().toString(36);
  project.provide('testSchemaRun', run);
  const template = await makePgliteTemplate();
  project.provide('pgliteTemplate', { dir: template.dir, tarball: template.tarball });
  await dropSchemas((name) => Date.now() - createdAt(name) > staleAfterMs);
  return async () => {
    await dropSchemas((name) => name.startsWith(testSchemaPrefix(run)));
    await template.remove();
  };
}
