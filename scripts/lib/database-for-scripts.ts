/**
 * The database a script works on: the configured DATABASE_URL / NETLIFY_DATABASE_URL, or else the
 * local PGlite folder served on a free loopback port. `env` is what child processes and the
 * functions must see to reach it.
 */
import type { DatabaseKind } from '../../src/lib/api/health.contract';
import { createDb, resolveDatabase, type Env } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { sql, type Kysely } from 'kysely';
import { findFreePort } from './free-port';
import { PgliteLockedError, startPgliteServer } from './pglite-server';

export interface ScriptDatabase {
  kind: DatabaseKind;
  url: string;
  /** The given environment plus DATABASE_URL (and DB_LABEL=pglite) when PGlite is served here. */
  env: Env;
  stop(): Promise<void>;
}

export async function databaseForScripts(env: Env = process.env): Promise<ScriptDatabase> {
  const target = resolveDatabase(env);
  if (target.kind !== 'pglite') {
    return { kind: target.kind, url: target.url, env: { ...env }, stop: async () => {} };
  }
  let server;
  try {
    server = await startPgliteServer({ dataDir: target.dataDir, port: await findFreePort() });
  } catch (error) {
    // npm start (or dev) holds the folder and serves it: use its server rather than fail.
    if (!(error instanceof PgliteLockedError) || !error.servedAt || !(await answers(error.servedAt))) throw error;
    const url = error.servedAt;
    return { kind: 'pglite', url, env: { ...env, DATABASE_URL: url, DB_LABEL: 'pglite' }, stop: async () => {} };
  }
  return {
    kind: 'pglite',
    url: server.url,
    env: { ...env, DATABASE_URL: server.url, DB_LABEL: 'pglite' },
    stop: server.stop,
  };
}

async function answers(url: string): Promise<boolean> {
  const db = createDb({ DATABASE_URL: url, DB_LABEL: 'pglite' });
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  } finally {
    await db.destroy();
  }
}

/** Runs `fn` with a Kysely on the script's database and closes it afterwards. */
export async function withScriptDb<T>(database: ScriptDatabase, fn: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = createDb(database.env);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
