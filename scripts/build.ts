/**
 * `npm run build`: migrate and seed the database, then `astro build` with DATABASE_URL set so the
 * blog pages read their posts from it, then dist/_headers (the CSP) and dist/_redirects (the
 * redirects staff keep in admin). Without a configured database the local PGlite folder is served
 * for the length of the build. Every build's result is recorded in site_builds for the admin; on
 * Netlify the build takes the one the build hook was posted for.
 */
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createDb, type Env } from '../src/server/db/connect';
import { formatRedirectsFile } from '../src/lib/site/redirects';
import { readConfig } from '../src/server/config';
import { redirectRules } from '../src/server/services/admin-redirects';
import { finishBuild, startUnqueuedBuild, tailLog } from '../src/server/services/publishing';
import { databaseForScripts, withScriptDb, type ScriptDatabase } from './lib/database-for-scripts';
import { runIfMain } from './lib/run-script';
import { writeSecurityHeaders } from './lib/security-headers';
import { onShutdown } from './lib/shutdown';
import { describeApplied, migrateDatabase } from './migrate';
import { describeSeed, seedDatabase } from './seed';

/** Written after a successful build; `npm start` rebuilds when a source file is newer. */
export const buildStampPath = '.data/last-build';

/**
 * Runs a build command with `env`, passing its output through (unless `quiet`) and keeping its
 * tail for the admin. Resolves with the exit code; a command that cannot start is exit 127.
 */
export function runBuildCommand(command: string, args: string[], env: Env, options: { quiet?: boolean } = {}): Promise<{ code: number; log: string }> {
  return new Promise((resolve) => {
    let log = '';
    const keep = (chunk: Buffer, stream: NodeJS.WriteStream) => {
      if (!options.quiet) stream.write(chunk);
      log = tailLog(log + chunk.toString('utf8'), 16_000);
    };
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    child.stdout.on('data', (c: Buffer) => keep(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => keep(c, process.stderr));
    child.once('error', (error) => resolve({ code: 127, log: `${log}\n${command} could not start: ${error.message}` }));
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), log: tailLog(log) }));
  });
}

/** What a finished build adds to its output folder: the CSP headers and the redirects file. */
export async function completeBuildOutput(outDir: string, env: Env): Promise<void> {
  await writeSecurityHeaders(outDir);
  const db = createDb(env);
  try {
    await writeFile(path.join(outDir, '_redirects'), formatRedirectsFile(await redirectRules(db)));
  } finally {
    await db.destroy();
  }
}

/** Migrates, seeds and runs `astro build` against `database`; returns astro's exit code. */
export async function buildSite(database: ScriptDatabase, astroArgs: string[] = []): Promise<number> {
  console.log(`Migrations (${database.kind}): ${describeApplied(await migrateDatabase(database))}.`);
  const seeded = await withScriptDb(database, (db) => seedDatabase(db, { env: database.env }));
  console.log(`Seed (${database.kind}): ${describeSeed(seeded)}.`);

  const onNetlify = readConfig(database.env).NETLIFY === 'true';
  const record = await withScriptDb(database, (db) => startUnqueuedBuild(db, onNetlify ? 'deploy' : 'manual', onNetlify ? 'netlify' : 'local'));
  let { code, log } = await runBuildCommand('npx', ['astro', 'build', ...astroArgs], database.env);
  if (code === 0) {
    try {
      await completeBuildOutput('dist', database.env);
      await mkdir(path.dirname(buildStampPath), { recursive: true });
      await writeFile(buildStampPath, `${new Date().toISOString()}\n`);
    } catch (error) {
      code = 1;
      log += `\nWriting dist/_headers or dist/_redirects failed: ${error instanceof Error ? error.message : String(error)}`;
      console.error(error);
    }
  }
  await withScriptDb(database, (db) => finishBuild(db, record.id, { ok: code === 0, log: code === 0 ? undefined : log }));
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
