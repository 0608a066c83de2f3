/**
 * `npm run build`: migrate and seed the database, then `astro build` with DATABASE_URL set so the
 * blog pages read their posts from it. Without a configured database the local PGlite folder is
 * served for the length of the build.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../src/server/db/connect';
import { databaseForScripts, withScriptDb, type ScriptDatabase } from './lib/database-for-scripts';
import { runIfMain } from './lib/run-script';
import { writeSecurityHeaders } from './lib/security-headers';
import { onShutdown } from './lib/shutdown';
import { describeApplied, migrateDatabase } from './migrate';
import { describeSeed, seedDatabase } from './seed';

/** Written after a successful build; `npm start` rebuilds when a source file is newer. */
export const buildStampPath = '.data/last-build';

function run(command: string, args: string[], env: Env): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Migrates, seeds and runs `astro build` against `database`; returns astro's exit code. */
export async function buildSite(database: ScriptDatabase, astroArgs: string[] = []): Promise<number> {
  console.log(`Migrations (${database.kind}): ${describeApplied(await migrateDatabase(database))}.`);
  const seeded = await withScriptDb(database, (db) => seedDatabase(db, { env: database.env }));
  console.log(`Seed (${database.kind}): ${describeSeed(seeded)}.`);

  const code = await run('npx', ['astro', 'build', ...astroArgs], database.env);
  if (code === 0) {
    await writeSecurityHeaders('dist');
    await mkdir(path.dirname(buildStampPath), { recursive: true });
    await writeFile(buildStampPath, `${new Date().toISOString()}\n`);
  }
  return code;
}

runIfMain(import.meta.url, async () => {
  const database = await databaseForScripts();
  const cancel = onShutdown(database.stop);
  try {
    return await buildSite(database, process.argv.slice(2));
  } finally {
    cancel();
    await database.stop();
  }
});
