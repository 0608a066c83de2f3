import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findFreePort } from './free-port';
import { startPgliteServer, type PgliteServer } from './pglite-server';

describe('startPgliteServer', () => {
  let dir: string;
  let server: PgliteServer;
  let pool: pg.Pool;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'epl-pglite-'));
    server = await startPgliteServer({ dataDir: path.join(dir, 'db'), port: await findFreePort() });
    pool = new pg.Pool({ connectionString: server.url, max: 20 });
    await pool.query('create table items (id int primary key, label text not null)');
    await pool.query("insert into items select g, 'item ' || g from generate_series(1, 100) g");
  });

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('answers many concurrent pg clients, each with its own parameters', async () => {
    const results = await Promise.all(Array.from({ length: 300 }, async (_, i) => {
      const id = (i % 100) + 1;
      const { rows } = i % 2
        ? await pool.query<{ label: string }>('select label from items where id = $1', [id])
        : await pool.query<{ label: string }>('select $2::text || label as label from items where id = $1', [id, '']);
      return rows[0]?.label === `item ${id}`;
    }));
    expect(results.every(Boolean)).toBe(true);
  });

  test('keeps each transaction to its own connection', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query('update items set label = $1 where id = $2', [`changed ${i}`, i + 1]);
        const seen = (await client.query<{ label: string }>('select label from items where id = $1', [i + 1])).rows[0]?.label;
        await client.query(i % 2 ? 'commit' : 'rollback');
        return seen === `changed ${i}`;
      } finally {
        client.release();
      }
    }));
    expect(outcomes.every(Boolean)).toBe(true);
    const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from items where label like 'changed %'");
    expect(rows[0]?.n).toBe(10);
  });

  test('refuses to open a folder another live process holds', async () => {
    await expect(startPgliteServer({ dataDir: server.dataDir, port: await findFreePort() })).rejects.toThrow(/already open in process/);
  });

  test('keeps the data after a stop and a reopen', async () => {
    await pool.end();
    await server.stop();
    server = await startPgliteServer({ dataDir: server.dataDir, port: await findFreePort() });
    pool = new pg.Pool({ connectionString: server.url });
    const { rows } = await pool.query<{ n: number }>('select count(*)::int as n from items');
    expect(rows[0]?.n).toBe(100);
  });
});
