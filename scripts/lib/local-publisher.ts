/**
 * The local stand-in for Netlify's build hook (`npm start`): every few seconds it folds publish
 * requests that have waited out the debounce into a build, runs `astro build` into a fresh folder
 * (.data/builds/<id>), adds _headers and _redirects, and only when all of that succeeded swaps the
 * folder in for the one being served. The old site keeps serving during the build and after a
 * failed one, whose log tail is stored for the admin; a build that exits 0 without a home page
 * (index.html) counts as failed, so an empty site is never put in place. One build at a time.
 */
import { access, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../../src/server/db/connect';
import { createDb } from '../../src/server/db/connect';
import { claimDueBuild, debounceSeconds, finishBuild, takeQueuedBuild, type SiteBuild } from '../../src/server/services/publishing';
import { completeBuildOutput, runBuildCommand } from '../build';
import { seedDatabase } from '../seed';

export interface LocalPublisherOptions {
  /** The database environment the build and the claims use (DATABASE_URL …). */
  env: Env;
  /** The folder being served, replaced by each successful build. */
  targetDir: string;
  /** Where builds are made; on the target's file system so the swap is a rename. Default: <target's parent>/.data/builds. */
  buildsDir?: string;
  pollMs?: number;
  /** The build command for an output folder; default `npx astro build --outDir <dir>`. Tests pass one that fails. */
  command?: (outDir: string) => [string, string[]];
  /** Runs the swap while no static request is being answered (see serve.ts). */
  exclusive?: (swap: () => Promise<void>) => Promise<void>;
  log?: (line: string) => void;
}

export interface LocalPublisher {
  /** Resolves when the publisher is idle (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const defaultCommand = (outDir: string): [string, string[]] => ['npx', ['astro', 'build', '--outDir', outDir]];

/** Renames `fresh` to `target`, moving the current target aside first; the old one is kept as `<builds>/previous`. */
export async function swapDirectory(fresh: string, target: string, buildsDir: string): Promise<void> {
  const previous = path.join(buildsDir, 'previous');
  await rm(previous, { recursive: true, force: true });
  await rename(target, previous).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
  await rename(fresh, target);
}

export function startLocalPublisher(options: LocalPublisherOptions): LocalPublisher {
  const db = createDb(options.env);
  const buildsDir = options.buildsDir ?? path.join(path.dirname(options.targetDir), '.data', 'builds');
  const log = options.log ?? ((line: string) => console.log(line));
  const exclusive = options.exclusive ?? ((swap) => swap());
  let busy: Promise<void> | undefined;
  let stopped = false;

  async function build(record: SiteBuild): Promise<void> {
    const outDir = path.join(buildsDir, String(record.id));
    await mkdir(buildsDir, { recursive: true });
    await rm(outDir, { recursive: true, force: true });
    log(`Publishing: build #${record.id} started in ${path.relative(process.cwd(), outDir) || outDir}; the current site keeps serving.`);
    let code = 1;
    let output = '';
    try {
      // As `npm run build` does: blog posts added to src/content since the last build reach the database first.
      await seedDatabase(db, { env: options.env });
      const [command, args] = (options.command ?? defaultCommand)(outDir);
      ({ code, log: output } = await runBuildCommand(command, args, options.env, { quiet: true }));
    } catch (error) {
      output += `\nThe build could not start: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (code === 0) {
      try {
        await access(path.join(outDir, 'index.html')).catch(() => {
          throw new Error('the build finished without a home page (index.html), so the site it made is incomplete');
        });
        await completeBuildOutput(outDir, options.env);
        await exclusive(() => swapDirectory(outDir, options.targetDir, buildsDir));
      } catch (error) {
        code = 1;
        output += `\nThe finished build could not be put in place: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    if (code !== 0) await rm(outDir, { recursive: true, force: true }).catch(() => undefined);
    await finishBuild(db, record.id, { ok: code === 0, log: code === 0 ? undefined : output });
    log(code === 0 ? `Publishing: build #${record.id} is live.` : `Publishing: build #${record.id} failed (exit ${code}); the previous site keeps serving. The admin shows its log.`);
  }

  async function tick(): Promise<void> {
    await claimDueBuild(db, { debounceSeconds: debounceSeconds(), target: 'local' });
    const next = await takeQueuedBuild(db, 'local');
    if (next) await build(next);
  }

  // A local build still marked running belonged to a server that stopped mid-build.
  const ready = db.updateTable('site_builds').set({ status: 'failed', finished_at: new Date(), log_tail: 'The local server stopped during this build.' })
    .where('target', '=', 'local').where('status', '=', 'running').execute().catch(() => undefined);

  const timer = setInterval(() => {
    if (busy || stopped) return;
    busy = ready.then(tick)
      .catch((error: unknown) => log(`Publishing: the local publisher could not run (${error instanceof Error ? error.message : String(error)}); it tries again.`))
      .finally(() => { busy = undefined; });
  }, options.pollMs ?? 2000);
  timer.unref();

  // Builds left running by a server that stopped mid-build never finish: clean up their folders. Only
  // folders of this database's builds that are no longer running: another server on the same checkout
  // (an end-to-end test's own site, on its own database) must not delete a build in progress.
  void ready.then(async () => {
    const ids = (await readdir(buildsDir)).filter((n) => /^\d+$/.test(n)).map(Number);
    if (ids.length === 0) return;
    const finished = await db.selectFrom('site_builds').select('id').where('target', '=', 'local').where('id', 'in', ids).where('status', '!=', 'running').execute();
    await Promise.all(finished.map((b) => rm(path.join(buildsDir, String(b.id)), { recursive: true, force: true })));
  }).catch(() => undefined);

  return {
    async idle() {
      while (busy) await busy;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (busy) await busy;
      await db.destroy();
    },
  };
}
