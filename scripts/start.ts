/**
 * `npm start`: the whole site on one machine, offline. Builds first when dist/ is missing or older
 * than the sources, migrates and seeds, then serves on PORT (default 4321). The local PGlite
 * database is opened once and shared by the build and the server.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildSite, buildStampPath } from './build';
import { databaseForScripts, withScriptDb } from './lib/database-for-scripts';
import { runIfMain } from './lib/run-script';
import { onShutdown } from './lib/shutdown';
import { describeApplied, migrateDatabase } from './migrate';
import { describeSeed, seedDatabase } from './seed';
import { startSite } from './serve';

/** What the build reads; a change in any of them makes dist/ stale. */
const buildInputs = ['src', 'public', 'netlify', 'astro.config.mjs', 'package.json'];

async function newestChange(entry: string): Promise<number> {
  const info = await stat(entry).catch(() => undefined);
  if (!info?.isDirectory()) return info?.mtimeMs ?? 0;
  // Directories are included: their mtime records deleted and renamed files.
  const names = await readdir(entry, { recursive: true });
  const times = await Promise.all(names.map((n) => stat(path.join(entry, n)).then((s) => s.mtimeMs, () => 0)));
  return Math.max(info.mtimeMs, ...times);
}

/** Why the site must be built before serving, or undefined when dist/ is current. */
export async function staleBuildReason(): Promise<string | undefined> {
  if (!(await stat('dist').catch(() => undefined))) return 'dist/ does not exist yet';
  const built = await stat(buildStampPath).catch(() => undefined);
  if (!built) return 'no finished build is recorded';
  for (const input of buildInputs) {
    if ((await newestChange(input)) > built.mtimeMs) return `${input} changed since the last build`;
  }
  return undefined;
}

runIfMain(import.meta.url, async () => {
  const port = Number(process.env.PORT ?? 4321);
  const database = await databaseForScripts();
  onShutdown(database.stop);
  try {
    const stale = await staleBuildReason();
    if (stale) {
      console.log(`Building the site first: ${stale}.`);
      const code = await buildSite(database);
      if (code !== 0) {
        console.error(`The build failed (exit ${code}); the output above says why. Fix it and run npm start again.`);
        await database.stop();
        return code;
      }
    } else {
      console.log(`Migrations (${database.kind}): ${describeApplied(await migrateDatabase(database))}.`);
      const seeded = await withScriptDb(database, (db) => seedDatabase(db, { env: database.env }));
      console.log(`Seed (${database.kind}): ${describeSeed(seeded)}.`);
    }
    const site = await startSite({ port, database });
    onShutdown(site.stop);
    return 0;
  } catch (error) {
    await database.stop();
    throw error;
  }
});
