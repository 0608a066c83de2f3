/**
 * Opens PGlite directly, for scripts and tests only. Never import this from functions or pages:
 * the site reaches PGlite through the serving script's socket (scripts/lib/pglite-server.ts).
 */
import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from './database';

/** PGlite on a folder, or in memory without one. */
export async function openPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return PGlite.create(dataDir);
}

/** A Kysely over a PGlite instance; destroying it closes the instance. */
export function kyselyForPglite(pglite: PGlite): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}
