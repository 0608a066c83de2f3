/**
 * Which database this process talks to, and how to open it. Functions and the Astro build always
 * connect over a URL (pg for PostgreSQL, @neondatabase/serverless for Neon); only the serving
 * scripts open the local PGlite folder, and they expose it as a PostgreSQL URL (scripts/lib).
 */
import path from 'node:path';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import pg from 'pg';
import type { DatabaseKind } from '../../lib/api/health.contract';
import { createLogger } from '../http/logger';
import type { Database } from './database';

export type Env = Record<string, string | undefined>;

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'postgres'; url: string }
  | { kind: 'neon'; url: string };

/** A configuration problem, written like Astro's errors: what happened and why, then what to do. */
export class DatabaseSetupError extends Error {
  override name = 'DatabaseSetupError';
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(`${message}\nHint: ${hint}`);
  }
}

export const defaultPgliteDir = '.data/pglite';

/** Reads the environment: Neon's variable or a neon.tech URL → neon, another URL → postgres, nothing → pglite. */
export function resolveDatabase(env: Env = process.env): DatabaseTarget {
  const netlifyUrl = env.NETLIFY_DATABASE_URL?.trim();
  if (netlifyUrl) return { kind: 'neon', url: netlifyUrl };

  const url = env.DATABASE_URL?.trim();
  if (!url) return { kind: 'pglite', dataDir: path.resolve(env.PGLITE_DIR?.trim() || defaultPgliteDir) };

  let parsed: URL;
  try {
    parsed = new URL(url);
    if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw new Error('not postgres');
  } catch {
    // The URL itself is never echoed: it usually holds a password.
    throw new DatabaseSetupError(
      'DATABASE_URL is set but is not a PostgreSQL connection URL, so the site cannot tell which database to use.',
      'Set DATABASE_URL to a URL like postgres://user:password@host:5432/database, or unset it to use the local PGlite database in .data/pglite.',
    );
  }
  if (parsed.hostname.endsWith('neon.tech')) return { kind: 'neon', url };
  // Without a user name, pg sends none when USER is unset (as in containers) and the server refuses
  // the connection; use PGUSER, else USER, else postgres, as psql-style defaults would.
  if (!parsed.username) {
    parsed.username = env.PGUSER?.trim() || env.USER?.trim() || 'postgres';
    return { kind: 'postgres', url: parsed.toString() };
  }
  return { kind: 'postgres', url };
}

/** The kind /api/health reports. DB_LABEL wins: the serving script sets it to `pglite` for its socket. */
export function databaseLabel(env: Env = process.env): DatabaseKind {
  const label = env.DB_LABEL;
  if (label === 'pglite' || label === 'postgres' || label === 'neon') return label;
  return resolveDatabase(env).kind;
}

// An idle connection the server closes (restart, failover) must not crash the process; the next query reconnects.
const logIdleError = (error: Error) => createLogger().warn('idle database connection closed', { reason: error.message });

/** A new Kysely for the configured database; the caller destroys it. Prefer `withDb` in request code. */
export function createDb(env: Env = process.env): Kysely<Database> {
  const target = resolveDatabase(env);
  switch (target.kind) {
    case 'pglite':
      throw new DatabaseSetupError(
        'No DATABASE_URL is set, and this code may not open the local PGlite database itself: only one process may open the PGlite folder, or it is corrupted.',
        'Run the site with `npm start`, `npm run dev` or `npm run build`: they open PGlite once and pass its DATABASE_URL on. Or set DATABASE_URL to a PostgreSQL server.',
      );
    case 'postgres': {
      // allowExitOnIdle lets a script exit without an explicit destroy(). The local PGlite socket
      // (DB_LABEL=pglite) gets one connection: PGlite runs one query at a time anyway, and
      // pglite-socket 0.2 interleaves the extended-protocol messages of concurrent connections
      // outside transactions ("unnamed prepared statement does not exist" under load).
      const max = env.DB_LABEL === 'pglite' ? 1 : 5;
      // A stalled statement ends after 5 s on the server (PostgreSQL) and 8 s at the client (all,
      // the local PGlite socket included), and the visitor gets the outage 503 instead of a hang.
      const timeouts = env.DB_LABEL === 'pglite' ? { query_timeout: statementTimeoutMs + 3000 } : { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 3000 };
      const pool = new pg.Pool({ connectionString: target.url, max, connectionTimeoutMillis: 5000, allowExitOnIdle: true, ...timeouts });
      pool.on('error', logIdleError);
      // A connection dropped while checked out (between two queries of a transaction) emits on the
      // client, not the pool; unheard, that would crash the process. The query in flight still fails.
      pool.on('connect', (client) => client.on('error', logIdleError));
      return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    }
    case 'neon':
      return new Kysely<Database>({
        dialect: new PostgresDialect({
          pool: async () => {
            const { Pool } = await import('@neondatabase/serverless');
            const pool = new Pool({ connectionString: target.url, statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 3000 });
            pool.on('error', logIdleError);
            // Neon's Pool speaks pg's API over WebSockets; its types differ only in detail (DESIGN §5).
            return pool as unknown as PostgresPool;
          },
        }),
      });
  }
}

/** How long one statement may run before the database cancels it. */
export const statementTimeoutMs = 5000;

const sharedDbs = new Map<string, Kysely<Database>>();

/**
 * Runs `fn` with a database. PostgreSQL: one Kysely per process, reused across requests.
 * Neon: a fresh Pool per call, ended afterwards, because a serverless Pool must not outlive its request.
 */
export async function withDb<T>(fn: (db: Kysely<Database>) => Promise<T>, env: Env = process.env): Promise<T> {
  const target = resolveDatabase(env);
  if (target.kind === 'postgres') {
    let db = sharedDbs.get(target.url);
    if (!db) {
      db = createDb(env);
      sharedDbs.set(target.url, db);
    }
    return fn(db);
  }
  const db = createDb(env);
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}

/** Ends the pools `withDb` keeps, for scripts and tests that want to finish promptly. */
export async function closeSharedDbs(): Promise<void> {
  const dbs = [...sharedDbs.values()];
  sharedDbs.clear();
  await Promise.all(dbs.map((db) => db.destroy()));
}
