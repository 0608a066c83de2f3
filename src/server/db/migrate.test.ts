import { Kysely, type CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type QueryResult } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate';
import { openPglite } from './pglite';

/** PGlite whose first `times` catalogue scans fail the way PostgreSQL's do when a schema is dropped during one. */
async function dbWhereSchemaVanishes(schema: string, times: number) {
  const inner = new PGliteDialect(await openPglite());
  const state = { failures: 0 };
  const wrap = (connection: DatabaseConnection): DatabaseConnection => ({
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (state.failures < times && query.sql.includes('pg_namespace')) {
        state.failures++;
        return Promise.reject(Object.assign(new Error(`schema "${schema}" does not exist`), { code: '3F000' }));
      }
      return connection.executeQuery<R>(query);
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  });
  const dialect: Dialect = {
    createAdapter: () => inner.createAdapter(),
    createQueryCompiler: () => inner.createQueryCompiler(),
    createIntrospector: (db) => inner.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = inner.createDriver();
      const originals = new WeakMap<DatabaseConnection, DatabaseConnection>();
      const original = (connection: DatabaseConnection) => originals.get(connection) ?? connection;
      return {
        init: () => driver.init(),
        acquireConnection: async () => {
          const connection = await driver.acquireConnection();
          const wrapped = wrap(connection);
          originals.set(wrapped, connection);
          return wrapped;
        },
        beginTransaction: (connection, settings) => driver.beginTransaction(original(connection), settings),
        commitTransaction: (connection) => driver.commitTransaction(original(connection)),
        rollbackTransaction: (connection) => driver.rollbackTransaction(original(connection)),
        releaseConnection: (connection) => driver.releaseConnection(original(connection)),
        destroy: () => driver.destroy(),
      };
    },
  };
  return { db: new Kysely<any>({ dialect }), state };
}

describe('migrateToLatest', () => {
  it('scans again when another schema disappears during its catalogue scan', async () => {
    const { db, state } = await dbWhereSchemaVanishes('test_someone_else', 1);
    try {
      expect((await migrateToLatest(db)).length).toBeGreaterThan(10);
      expect(state.failures).toBe(1);
    } finally {
      await db.destroy();
    }
  });

  it('still fails, naming the cause, when its own schema is gone', async () => {
    const { db, state } = await dbWhereSchemaVanishes('public', 5);
    try {
      await expect(migrateToLatest(db)).rejects.toThrow(/schema "public" does not exist/);
      expect(state.failures).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
