/**
 * pglite-socket 0.2 queues each client's protocol messages one by one on the single PGlite backend and
 * keeps a client's messages together only inside a transaction. Outside one, the extended protocol
 * (Parse, Bind, Describe, Execute … Sync) of two clients interleaves: B's Parse replaces A's unnamed
 * statement before A's Bind, and A fails with "unnamed prepared statement does not exist". This keeps
 * each client's sequence whole until its Sync, by telling the queue a sequence is open the way it is
 * told a transaction is: the queue then serves only that client until the sequence ends (or the
 * client disconnects, which the queue answers with ROLLBACK, ending the sequence here too).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const opensSequence = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)));
const endsSequence = new Set(['S', 'Q'].map((c) => c.charCodeAt(0)));

interface QueueInternals { db: PGlite }

export function keepExtendedQueriesWhole(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue?: QueueInternals }).queryQueue;
  if (!queue?.db || typeof queue.db.isInTransaction !== 'function') {
    throw new Error('pglite-socket changed: its query queue is not where scripts/lib/pglite-extended-affinity.ts expects it. Check the installed version against 0.2.x.');
  }
  const db = queue.db;
  let open = false;
  queue.db = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'isInTransaction') return () => open || target.isInTransaction();
      if (property === 'execProtocolRawStream') {
        return async (message: Uint8Array, options: Parameters<PGlite['execProtocolRawStream']>[1]) => {
          const type = message[0] ?? 0;
          try {
            return await target.execProtocolRawStream(message, options);
          } finally {
            if (opensSequence.has(type)) open = true;
            else if (endsSequence.has(type)) open = false;
          }
        };
      }
      if (property === 'exec') {
        return async (query: string, ...rest: unknown[]) => {
          if (query === 'ROLLBACK') open = false;
          return (target.exec as (q: string, ...r: unknown[]) => unknown)(query, ...rest);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
