/**
 * The one process that opens the local PGlite folder serves it as PostgreSQL on 127.0.0.1, so
 * functions, the Astro build and scripts all connect with `pg` exactly as they would to a server.
 * pglite-socket 0.2 multiplexes many connections onto the single PGlite instance, keeping each
 * transaction, and (./pglite-extended-affinity.ts) each extended-protocol query, on its own connection. A lock file stops a second process opening the same folder.
 */
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { openPglite } from '../../src/server/db/pglite';
import { keepExtendedQueriesWhole } from './pglite-extended-affinity';

export interface PgliteServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  stop(): Promise<void>;
}

export class PgliteLockedError extends Error {
  override name = 'PgliteLockedError';
  /** The URL the process holding the folder serves it on, when it wrote one into the lock. */
  servedAt?: string;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') ? relative : dir;
}

/** Takes `<dataDir>.lock` for this process, clearing a lock left by a process that no longer runs. */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${dataDir}.lock`;
  // On a fresh checkout .data/ does not exist yet.
  await mkdir(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(lockPath, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [ownerLine = '', servedAt] = (await readFile(lockPath, 'utf8').catch(() => '')).trim().split('\n');
      const owner = Number(ownerLine.trim());
      if (owner && isRunning(owner)) {
        throw Object.assign(new PgliteLockedError(
          `The local database ${displayPath(dataDir)} is already open in process ${owner} ` +
            '(another npm start, npm run dev or build). Two processes opening it would corrupt it.\n' +
            `Hint: stop that process first, or use another folder for this one: PGLITE_DIR=.data/other npm start`,
        ), { servedAt: servedAt?.startsWith('postgres://') ? servedAt.trim() : undefined });
      }
      await rm(lockPath, { force: true });
    }
  }
  throw new PgliteLockedError(`Could not take the lock ${lockPath}. Delete it if no other process uses the database.`);
}

/** Opens PGlite on `dataDir` and serves it on 127.0.0.1:`port`. `stop()` closes both and releases the folder. */
export async function startPgliteServer({ dataDir, port }: { dataDir: string; port: number }): Promise<PgliteServer> {
  const absoluteDir = path.resolve(dataDir);
  const unlock = await lockDataDir(absoluteDir);
  let db: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  try {
    db = await openPglite(absoluteDir);
    // Every function invocation runs in its own worker with its own connection: allow plenty.
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 500 });
    keepExtendedQueriesWhole(server);
    await server.start();
  } catch (error) {
    await server?.stop().catch(() => {});
    await db?.close().catch(() => {});
    await unlock();
    throw error;
  }

  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  // Scripts started while this process holds the folder (npm run admin:link) connect here instead.
  await writeFile(`${absoluteDir}.lock`, `${process.pid}\n${url}\n`);
  let stopping: Promise<void> | undefined;
  const openDb = db;
  const openServer = server;
  return {
    url,
    port,
    dataDir: absoluteDir,
    stop: () =>
      (stopping ??= (async () => {
        await openServer.stop();
        await openDb.close();
        await unlock();
      })()),
  };
}
