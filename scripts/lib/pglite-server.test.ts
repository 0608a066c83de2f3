import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findFreePort } from './free-port';
import { startPgliteServer, type PgliteServer } from './pglite-server';

/**
 * A loopback proxy that forwards each protocol message a client sends in its own write, a millisecond
 * apart, as a busy machine's network stack may deliver them: the server sees one message at a time.
 */
async function startMessageSplittingProxy(port: number): Promise<{ url: string; close(): void }> {
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => { sockets.delete(socket); client.destroy(); upstream.destroy(); });
    }
    upstream.pipe(client);
    let buffer = Buffer.alloc(0);
    let started = false;
    let chain = Promise.resolve();
    client.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        // The startup message has no type byte; every later message is a type byte and a length.
        if (buffer.length < (started ? 5 : 4)) break;
        const length = started ? 1 + buffer.readInt32BE(1) : buffer.readInt32BE(0);
        if (buffer.length < length) break;
        const frame = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        started = true;
        chain = chain.then(() => new Promise<void>((resolve) => setTimeout(() => { upstream.write(frame); resolve(); }, 1)));
      }
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `postgres://postgres@127.0.0.1:${(proxy.address() as net.AddressInfo).port}/postgres`,
    close: () => { proxy.close(); for (const socket of sockets) socket.destroy(); },
  };
}

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

  test('keeps each extended-protocol query whole when many connections send at once, outside transactions', async () => {
    // Each client runs unnamed statements (Parse, Bind, Execute, Sync) back to back; interleaved
    // messages fail with "unnamed prepared statement does not exist" or answer another client's query.
    const proxy = await startMessageSplittingProxy(server.port);
    const clients = await Promise.all(Array.from({ length: 6 }, async () => {
      const client = new pg.Client({ connectionString: proxy.url });
      await client.connect();
      return client;
    }));
    try {
      const outcomes = await Promise.all(clients.map(async (client, c) => {
        const answers: boolean[] = [];
        for (let i = 0; i < 15; i++) {
          const id = ((c * 15 + i) % 100) + 1;
          const { rows } = await client.query<{ label: string; tag: string }>(`select label, $2::text as tag from items where id = $1 /* ${c % 3} */`, [id, `c${c}-${i}`]);
          answers.push(rows[0]?.label === `item ${id}` && rows[0]?.tag === `c${c}-${i}`);
        }
        return answers.every(Boolean);
      }));
      expect(outcomes.every(Boolean)).toBe(true);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
      proxy.close();
    }
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
