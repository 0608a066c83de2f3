/**
 * `npm run dev`: migrates and seeds the database, then runs `astro dev` with DATABASE_URL set.
 * Without a configured database the local PGlite folder is served for as long as astro dev runs.
 * Extra arguments go to astro: `npm run dev -- --port 4500`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { databaseForScripts, withScriptDb } from './lib/database-for-scripts';
import { runIfMain } from './lib/run-script';
import { onShutdown } from './lib/shutdown';
import { describeApplied, migrateDatabase } from './migrate';
import { describeSeed, seedDatabase } from './seed';

function exitOf(child: ChildProcess): Promise<number> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

runIfMain(import.meta.url, async () => {
  const database = await databaseForScripts();
  onShutdown(database.stop);
  try {
    console.log(`Migrations (${database.kind}): ${describeApplied(await migrateDatabase(database))}.`);
    const seeded = await withScriptDb(database, (db) => seedDatabase(db, { env: database.env }));
    console.log(`Seed (${database.kind}): ${describeSeed(seeded)}.`);
  } catch (error) {
    await database.stop();
    throw error;
  }

  const astro = spawn('npx', ['astro', 'dev', ...process.argv.slice(2)], { stdio: 'inherit', env: database.env });
  // Runs before database.stop: astro must let go of its connections first.
  onShutdown(async () => {
    if (astro.exitCode === null) astro.kill('SIGTERM');
    await exitOf(astro);
  });
  const code = await exitOf(astro);
  await database.stop();
  return code;
});
