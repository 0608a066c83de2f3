/**
 * Publishing: a change that public pages show records a publish request in the change's own
 * transaction; requests made within the debounce window share one build. On Netlify the build
 * hook builds (the scheduled publish-worker posts it, and the build script records the result);
 * on `npm start` the serving script builds in the background and swaps what it serves.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { BuildTrigger, PublishRequest, SiteBuild } from '../db/tables/publishing.table';
import { isProduction, readConfig } from '../config';

export type { BuildTrigger, PublishRequest, SiteBuild };

/** What the admin keeps of a build's output. */
export const logTailLimit = 8000;
/** A build with no result after this long is taken as failed (a Netlify build that never reported back). */
export const staleBuildMinutes = 30;

/** The last `limit` characters of a build's output, starting at a line when it can. */
export function tailLog(output: string, limit = logTailLimit): string {
  if (output.length <= limit) return output;
  const cut = output.slice(-limit);
  const newline = cut.indexOf('\n');
  return newline >= 0 && newline < 200 ? cut.slice(newline + 1) : cut;
}

/**
 * When the waiting requests are due to build: `debounceSeconds` after the first of them, so the
 * changes staff make in one sitting share a build. Undefined when nothing waits.
 */
export function dueAt(waiting: readonly Date[], debounceSeconds: number): Date | undefined {
  if (waiting.length === 0) return undefined;
  const first = Math.min(...waiting.map((d) => d.getTime()));
  return new Date(first + debounceSeconds * 1000);
}

export const debounceSeconds = (env: Record<string, string | undefined> = process.env): number => readConfig(env).PUBLISH_DEBOUNCE_SECONDS;
export const buildHookUrl = (env: Record<string, string | undefined> = process.env): string | undefined => readConfig(env).NETLIFY_BUILD_HOOK_URL;
/** Who builds: Netlify through its hook when configured, else the local server. */
export const buildTarget = (env: Record<string, string | undefined> = process.env): 'netlify' | 'local' => (buildHookUrl(env) ? 'netlify' : 'local');

/** Records that a change needs a build to reach the public pages. Call it inside the change's transaction. */
export async function requestPublish(db: Kysely<Database>, input: { kind: string; label: string; by: string }): Promise<PublishRequest> {
  return db
    .insertInto('publish_requests')
    .values({ kind: input.kind.slice(0, 40), label: input.label.slice(0, 300) || input.kind, requested_by: input.by })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks builds that never reported back as failed, so they no longer hold the queue. */
async function failStaleBuilds(db: Kysely<Database>, now: Date): Promise<void> {
  await db
    .updateTable('site_builds')
    .set({ status: 'failed', finished_at: now, log_tail: `No result was recorded within ${staleBuildMinutes} minutes, so this build is taken as failed. On Netlify, its deploy log says why.` })
    .where('status', 'in', ['queued', 'running'])
    .where('created_at', '<', new Date(now.getTime() - staleBuildMinutes * 60_000))
    .execute();
}

/** The build that is queued or running, if any. */
export async function activeBuild(db: Kysely<Database>): Promise<SiteBuild | undefined> {
  return db.selectFrom('site_builds').selectAll().where('status', 'in', ['queued', 'running']).orderBy('id').executeTakeFirst();
}

export interface ClaimOptions {
  now?: Date;
  debounceSeconds: number;
  target: 'netlify' | 'local';
  /** Publish now: build even before the debounce ends, or with nothing waiting. */
  force?: { by: string };
}

/**
 * Folds every waiting request into a new queued build when they are due (or when forced), unless a
 * build is already queued or running: requests arriving meanwhile wait for the next one. Returns
 * the new build, or undefined. One claim at a time (an advisory lock), so two workers never
 * start two builds for the same requests.
 */
export async function claimDueBuild(db: Kysely<Database>, options: ClaimOptions): Promise<SiteBuild | undefined> {
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(7424301)`.execute(trx);
    await failStaleBuilds(trx, now);
    if (await activeBuild(trx)) return undefined;
    const waiting = await trx.selectFrom('publish_requests').select(['id', 'requested_at']).where('build_id', 'is', null).execute();
    if (!options.force) {
      const due = dueAt(waiting.map((r) => new Date(r.requested_at)), options.debounceSeconds);
      if (!due || due.getTime() > now.getTime()) return undefined;
    }
    const build = await trx
      .insertInto('site_builds')
      .values({ trigger: options.force ? 'publish-now' : 'debounce', requested_by: options.force?.by ?? null, target: options.target, log_tail: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (waiting.length > 0) await trx.updateTable('publish_requests').set({ build_id: build.id }).where('id', 'in', waiting.map((r) => r.id)).execute();
    return build;
  });
}

/** Marks the oldest queued build of `target` as running and returns it (the local builder's next job). */
export async function takeQueuedBuild(db: Kysely<Database>, target: 'netlify' | 'local', now = new Date()): Promise<SiteBuild | undefined> {
  return db.transaction().execute(async (trx) => {
    const next = await trx.selectFrom('site_builds').select('id').where('status', '=', 'queued').where('target', '=', target).orderBy('id').forUpdate().executeTakeFirst();
    if (!next) return undefined;
    return trx.updateTable('site_builds').set({ status: 'running', started_at: now }).where('id', '=', next.id).returningAll().executeTakeFirstOrThrow();
  });
}

/**
 * A build that starts without being queued by us (a push to the repository, `npm run build`): it
 * takes the oldest build the hook queued, or records itself, so the admin knows every build's result.
 */
export async function startUnqueuedBuild(db: Kysely<Database>, trigger: BuildTrigger, target: 'netlify' | 'local', now = new Date()): Promise<SiteBuild> {
  if (target === 'netlify') {
    const queued = await takeQueuedBuild(db, 'netlify', now);
    if (queued) return queued;
  }
  return db.insertInto('site_builds').values({ trigger, target, requested_by: null, status: 'running', started_at: now, log_tail: null }).returningAll().executeTakeFirstOrThrow();
}

export async function finishBuild(db: Kysely<Database>, id: number, result: { ok: boolean; log?: string }, now = new Date()): Promise<void> {
  await db
    .updateTable('site_builds')
    .set({ status: result.ok ? 'succeeded' : 'failed', finished_at: now, log_tail: result.log ? tailLog(result.log) : null })
    .where('id', '=', id)
    .execute();
}

/**
 * Posts the build hook for a queued build. A refused or unreachable hook fails the build with the
 * reason (the hook's address is a secret and never appears in it).
 */
export async function postBuildHook(db: Kysely<Database>, build: SiteBuild, hookUrl: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  const url = new URL(hookUrl);
  url.searchParams.set('trigger_title', `Admin publish #${build.id}`);
  let failure: string | undefined;
  try {
    const response = await fetchImpl(url, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) failure = `The Netlify build hook answered ${response.status}. Check NETLIFY_BUILD_HOOK_URL (Site configuration → Build hooks).`;
  } catch (error) {
    failure = `The Netlify build hook could not be reached (${error instanceof Error ? error.name : 'error'}). The next request or Publish now tries again.`;
  }
  if (failure) await finishBuild(db, build.id, { ok: false, log: failure });
  return !failure;
}

/** One run of the production worker: claims due requests and posts the hook once for all of them. */
export async function dispatchDuePublish(db: Kysely<Database>, options: { hookUrl: string; debounceSeconds: number; now?: Date; fetchImpl?: typeof fetch }): Promise<{ build?: number; posted: boolean }> {
  const build = await claimDueBuild(db, { now: options.now, debounceSeconds: options.debounceSeconds, target: 'netlify' });
  if (!build) return { posted: false };
  return { build: build.id, posted: await postBuildHook(db, build, options.hookUrl, options.fetchImpl) };
}

export type RequestState = 'waiting' | 'building' | 'live' | 'failed';

/** Whether a request is live: its build succeeded, or a later build did (each build builds everything). */
export function requestState(request: Pick<PublishRequest, 'build_id'>, builds: readonly Pick<SiteBuild, 'id' | 'status'>[]): RequestState {
  if (request.build_id === null) return 'waiting';
  const own = builds.find((b) => b.id === request.build_id);
  if (builds.some((b) => b.id > request.build_id! && b.status === 'succeeded')) return 'live';
  if (!own) return 'live';
  if (own.status === 'succeeded') return 'live';
  if (own.status === 'failed') return 'failed';
  return 'building';
}

/** Records that a scheduled function ran, for the site health screen. */
export async function recordScheduledRun(db: Kysely<Database>, name: string, run: { startedAt: Date; ok: boolean; message?: string }): Promise<void> {
  const values = { last_started_at: run.startedAt, last_finished_at: new Date(), last_ok: run.ok, last_message: run.message?.slice(0, 1000) ?? null };
  await db.insertInto('scheduled_runs').values({ name, ...values }).onConflict((oc) => oc.column('name').doUpdateSet(values)).execute();
}

/**
 * Builds at once rather than after the debounce (a scheduled post whose time has come): claims the
 * waiting requests and, on Netlify, posts the hook. While another build runs the requests wait for
 * the next one. Returns the build, or undefined when none could start now.
 */
export async function buildAtOnce(db: Kysely<Database>, by: string, env: Record<string, string | undefined> = process.env): Promise<SiteBuild | undefined> {
  // In production without a build hook nothing would take a build; the admin says publishing is not set up.
  if (isProduction(env) && !buildHookUrl(env)) return undefined;
  const target = buildTarget(env);
  const build = await claimDueBuild(db, { debounceSeconds: debounceSeconds(env), target, force: { by } });
  if (build && target === 'netlify') await postBuildHook(db, build, buildHookUrl(env)!);
  return build;
}
