/**
 * For tests only: the two databases every repository test runs on, migrated and fresh per suite.
 * PGlite runs in memory; PostgreSQL (the machine's server) gets a schema of its own per suite,
 * selected through the connection's search_path, so parallel and repeated runs never collide.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createDb } from './connect';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { kyselyForPglite, openPglite } from './pglite';
import { testPostgresUrl, testSchemaPrefix } from './test-postgres';

export { testPostgresUrl };
export const testDatabaseKinds = ['pglite', 'postgres'] as const;
export type TestDatabaseKind = (typeof testDatabaseKinds)[number];

export interface TestDatabase {
  kind: TestDatabaseKind;
  db: Kysely<Database>;
  close(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `The test PostgreSQL server (${testPostgresUrl}) is not reachable: ${String(error)}\n` +
        'Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
      { cause: error },
    );
  }
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The run named by the global setup (tests/support/postgres-schemas.global-setup.ts), if any. */
function currentRun(): string | undefined {
  try {
    return inject('testSchemaRun');
  } catch {
    return undefined;
  }
}

/** The global setup's migrated PGlite database, if this runs under it. */
export function pgliteTemplate(): { dir: string; tarball: string } | undefined {
  try {
    return inject('pgliteTemplate');
  } catch {
    return undefined;
  }
}

/** An in-memory PGlite: a copy of the global setup's migrated one when there is one, else a new one. */
async function openMemoryPglite(): Promise<Kysely<Database>> {
  const template = pgliteTemplate();
  const pglite = template ? await PGlite.create({ loadDataDir: new Blob([await readFile(template.tarball)]) }) : await openPglite();
  return kyselyForPglite(pglite);
}

/**
 * A new, empty schema on the test PostgreSQL server and a URL whose connections use it
 * (`?options=-c search_path=...`), for code that only takes a DATABASE_URL, such as the site server.
 * Under the global setup `drop` does nothing: the teardown drops the run's schemas once no worker is
 * migrating (a drop during another worker's migration breaks it). Outside it, `drop` drops at once.
 */
export async function createTestSchema(): Promise<{ schema: string; url: string; drop(): Promise<void> }> {
  const run = currentRun();
  const schema = `${testSchemaPrefix(run ?? Date.now().toString(36))}${randomBytes(4).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  const url = new URL(testPostgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const drop = run ? async () => {} : () => adminQuery(`drop schema if exists ${schema} cascade`);
  return { schema, url: url.toString(), drop };
}

/** Opens one test database, migrated to the latest schema. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = await openMemoryPglite();
    await migrateToLatest(db);
    return { kind, db, close: () => db.destroy() };
  }
  const schema = await createTestSchema();
  const db = createDb({ DATABASE_URL: schema.url });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    await schema.drop();
    throw error;
  }
  return {
    kind,
    db,
    close: async () => {
      await db.destroy();
      await schema.drop();
    },
  };
}

/** Runs the same suite on PGlite and on PostgreSQL: `describeEachDatabase('blog posts', (db) => { ... db() ... })`. */
export function describeEachDatabase(title: string, suite: (db: () => Kysely<Database>) => void): void {
  describe.each(testDatabaseKinds)(`${title} (%s)`, (kind) => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(async () => {
      await database?.close();
    });
    suite(() => {
      if (!database) throw new Error(`The ${kind} test database did not open; see the error in beforeAll.`);
      return database.db;
    });
  });
}
