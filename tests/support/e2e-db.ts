/**
 * The served site's own database, for end-to-end tests that must arrange data no screen creates yet
 * (a staff member). The serving process holds the PGlite folder and writes the URL it serves it on
 * into the folder's lock file (scripts/lib/pglite-server.ts); this connects there.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';

export const e2ePgliteDir = path.resolve(process.env.PGLITE_DIR ?? '.data/test-pglite');

export function e2eDb(): Kysely<Database> {
  if (process.env.DATABASE_URL) return createDb(process.env);
  const url = readFileSync(`${e2ePgliteDir}.lock`, 'utf8').split('\n')[1]?.trim();
  if (!url?.startsWith('postgres://')) throw new Error(`${e2ePgliteDir}.lock does not name the URL its database is served on: start the site with scripts/serve.ts.`);
  return createDb({ DATABASE_URL: url, DB_LABEL: 'pglite' });
}
