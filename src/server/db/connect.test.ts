import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { createDb, databaseLabel, DatabaseSetupError, resolveDatabase } from './connect';

describe('resolveDatabase', () => {
  test('uses PGlite in .data/pglite when nothing is configured', () => {
    expect(resolveDatabase({})).toEqual({ kind: 'pglite', dataDir: path.resolve('.data/pglite') });
  });

  test('takes the PGlite folder from PGLITE_DIR', () => {
    expect(resolveDatabase({ PGLITE_DIR: '/tmp/other' })).toEqual({ kind: 'pglite', dataDir: '/tmp/other' });
  });

  test('treats NETLIFY_DATABASE_URL as Neon, even when DATABASE_URL is set too', () => {
    const url = 'postgres://u:p@ep-x.us-east-2.aws.example.com/db';
    expect(resolveDatabase({ NETLIFY_DATABASE_URL: url, DATABASE_URL: 'postgres://localhost/db' })).toEqual({ kind: 'neon', url });
  });

  test('treats a DATABASE_URL on neon.tech as Neon', () => {
    const url = 'postgresql://u:p@ep-cool-1.us-east-2.aws.neon.tech/neondb?sslmode=require';
    expect(resolveDatabase({ DATABASE_URL: url })).toEqual({ kind: 'neon', url });
  });

  test('treats any other postgres:// or postgresql:// URL as PostgreSQL', () => {
    expect(resolveDatabase({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).kind).toBe('postgres');
    expect(resolveDatabase({ DATABASE_URL: 'postgresql://db.example.com/site' }).kind).toBe('postgres');
  });

  test('gives a URL without a user name PGUSER, else USER, else postgres', () => {
    expect(resolveDatabase({ DATABASE_URL: 'postgres://127.0.0.1:5432/test' })).toEqual({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(resolveDatabase({ DATABASE_URL: 'postgres://127.0.0.1:5432/test', USER: 'root' })).toEqual({ kind: 'postgres', url: 'postgres://root@127.0.0.1:5432/test' });
    expect(resolveDatabase({ DATABASE_URL: 'postgres://127.0.0.1:5432/test', USER: 'root', PGUSER: 'site' })).toEqual({ kind: 'postgres', url: 'postgres://site@127.0.0.1:5432/test' });
    expect(resolveDatabase({ DATABASE_URL: 'postgres://owner:pw@127.0.0.1:5432/test', USER: 'root' })).toEqual({ kind: 'postgres', url: 'postgres://owner:pw@127.0.0.1:5432/test' });
  });

  test('refuses a DATABASE_URL that is not PostgreSQL without echoing it', () => {
    const attempt = () => resolveDatabase({ DATABASE_URL: 'mysql://root:secret@host/db' });
    expect(attempt).toThrow(DatabaseSetupError);
    expect(attempt).not.toThrow(/secret/);
  });
});

describe('databaseLabel', () => {
  test('reports DB_LABEL when the serving script sets it', () => {
    expect(databaseLabel({ DATABASE_URL: 'postgres://127.0.0.1:40000/postgres', DB_LABEL: 'pglite' })).toBe('pglite');
  });

  test('reports the resolved kind otherwise', () => {
    expect(databaseLabel({ DATABASE_URL: 'postgres://127.0.0.1/test' })).toBe('postgres');
  });
});

describe('createDb', () => {
  test('refuses to open PGlite and says what to run instead', () => {
    expect(() => createDb({})).toThrow(/npm start/);
  });
});

describe('a statement that stalls', () => {
  test('is cancelled by the statement timeout on PostgreSQL and counts as the database being unavailable', async () => {
    const { sql } = await import('kysely');
    const { createDb, statementTimeoutMs } = await import('./connect');
    const { isDatabaseUnavailable } = await import('./unavailable');
    const { testPostgresUrl } = await import('./test-databases');
    const db = createDb({ DATABASE_URL: testPostgresUrl });
    try {
      const error = await sql`select pg_sleep(${(statementTimeoutMs + 2000) / 1000})`.execute(db).then(() => undefined, (e: unknown) => e);
      expect(error).toMatchObject({ code: '57014' });
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await db.destroy();
    }
  }, 20_000);
});
