/** What the admin shows of publishing (builds, waiting changes), Publish now, and the site health screen. */
import { sql, type Kysely } from 'kysely';
import type { BuildView, PublishingState } from '../../lib/api/admin/publishing.contract';
import { isProduction } from '../config';
import type { Database } from '../db/database';
import type { ScheduledRun, SiteBuild } from '../db/tables/publishing.table';
import { databaseLabel } from '../db/connect';
import { countAppliedMigrations } from '../db/migrate';
import { HttpError } from '../http/response';
import { blogSchedulerState } from './admin-blog';
import { googlePlacesConfig } from './google-reviews-sync.service';
import { activeBuild, buildHookUrl, buildTarget, claimDueBuild, debounceSeconds, dueAt, postBuildHook, requestState } from './publishing';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function buildView(b: SiteBuild, requests: number): BuildView {
  return {
    id: b.id, trigger: b.trigger, requestedBy: b.requested_by, target: b.target, status: b.status, createdAt: iso(b.created_at)!,
    startedAt: iso(b.started_at), finishedAt: iso(b.finished_at), logTail: b.log_tail, requests,
  };
}

export function publishMode(env: Record<string, string | undefined> = process.env): PublishingState['mode'] {
  if (buildHookUrl(env)) return 'netlify';
  return isProduction(env) ? 'not-configured' : 'local';
}

export async function publishingState(db: Kysely<Database>): Promise<PublishingState> {
  const builds = await db.selectFrom('site_builds').selectAll().orderBy('id', 'desc').limit(10).execute();
  const counts = await db.selectFrom('publish_requests').select(['build_id', (eb) => eb.fn.countAll<number>().as('count')]).where('build_id', 'in', builds.length ? builds.map((b) => b.id) : [0]).groupBy('build_id').execute();
  const requests = await db.selectFrom('publish_requests').selectAll().orderBy('id', 'desc').limit(30).execute();
  const waiting = await db.selectFrom('publish_requests').select('requested_at').where('build_id', 'is', null).execute();
  const buildIds = requests.flatMap((r) => (r.build_id === null ? [] : [r.build_id]));
  const allBuildStates = buildIds.length ? await db.selectFrom('site_builds').select(['id', 'status']).where('id', '>=', Math.min(...buildIds)).execute() : [];
  const active = builds.find((b) => b.status === 'queued' || b.status === 'running');
  const seconds = debounceSeconds();
  const next = dueAt(waiting.map((w) => new Date(w.requested_at)), seconds);
  return {
    mode: publishMode(),
    debounceSeconds: seconds,
    nextBuildAt: next && !active ? next.toISOString() : null,
    waiting: waiting.length,
    builds: builds.map((b) => buildView(b, Number(counts.find((c) => c.build_id === b.id)?.count ?? 0))),
    requests: requests.map((r) => ({ id: r.id, kind: r.kind, label: r.label, requestedBy: r.requested_by, requestedAt: iso(r.requested_at)!, buildId: r.build_id, state: requestState(r, allBuildStates) })),
  };
}

/** Publish now (owners): everything waiting, and the current pages, build at once. */
export async function publishNow(db: Kysely<Database>, actor: { email: string }): Promise<{ build: BuildView }> {
  if (publishMode() === 'not-configured') throw new HttpError(503, 'Publishing is not set up: NETLIFY_BUILD_HOOK_URL is not set in the Netlify environment. Add a build hook and set it, then try again.');
  const build = await claimDueBuild(db, { debounceSeconds: 0, target: buildTarget(), force: { by: actor.email } });
  if (!build) {
    const active = await activeBuild(db);
    throw new HttpError(409, `Build ${active ? `#${active.id} ` : ''}is ${active?.status === 'queued' ? 'about to start' : 'running'} now. Changes made since it started are kept and go into the next build, which starts when this one ends.`);
  }
  const hook = buildHookUrl();
  if (hook) await postBuildHook(db, build, hook);
  const fresh = await db.selectFrom('site_builds').selectAll().where('id', '=', build.id).executeTakeFirstOrThrow();
  const requests = await db.selectFrom('publish_requests').select((eb) => eb.fn.countAll<number>().as('count')).where('build_id', '=', build.id).executeTakeFirstOrThrow();
  return { build: buildView(fresh, Number(requests.count)) };
}

const runView = (r: ScheduledRun | undefined) => (r ? { name: r.name, lastStartedAt: iso(r.last_started_at)!, lastFinishedAt: iso(r.last_finished_at)!, ok: r.last_ok, message: r.last_message } : null);

export async function siteHealth(db: Kysely<Database>) {
  const started = performance.now();
  await sql`select 1`.execute(db);
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const applied = await countAppliedMigrations(db);
  const latest = applied ? (await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db)).rows[0]?.name ?? null : null;
  const outbox = await db.selectFrom('outbox_messages').select(['status', (eb) => eb.fn.countAll<number>().as('count')]).where('status', 'in', ['pending', 'dead']).groupBy('status').execute();
  const runs = await db.selectFrom('scheduled_runs').selectAll().execute();
  const run = (name: string) => runView(runs.find((r) => r.name === name));
  const builds = await db.selectFrom('site_builds').selectAll().orderBy('id', 'desc').limit(20).execute();
  const current = builds.find((b) => b.status === 'queued' || b.status === 'running');
  const lastFinished = builds.find((b) => b.status === 'succeeded' || b.status === 'failed');
  const waiting = await db.selectFrom('publish_requests').select((eb) => eb.fn.countAll<number>().as('count')).where('build_id', 'is', null).executeTakeFirstOrThrow();
  return {
    checkedAt: new Date().toISOString(),
    database: { reachable: true, latencyMs, label: databaseLabel() },
    migrations: { applied, latest },
    outbox: { pending: Number(outbox.find((o) => o.status === 'pending')?.count ?? 0), dead: Number(outbox.find((o) => o.status === 'dead')?.count ?? 0), lastRun: run('outbox-worker') },
    reviewsSync: { configured: Boolean(googlePlacesConfig()), lastRun: run('reviews-sync') },
    publishing: { mode: publishMode(), waiting: Number(waiting.count), current: current ? buildView(current, 0) : null, lastFinished: lastFinished ? buildView(lastFinished, 0) : null, lastRun: run('publish-worker') },
    blogScheduler: { ...(await blogSchedulerState(db)), lastRun: run('blog-scheduler') },
  };
}
