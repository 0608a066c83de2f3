/**
 * /admin/dashboard: site health in small cards: the email outbox worker and its queue, the reviews
 * sync, the blog scheduler (its last run, what waits and what it published), the database (reachable,
 * how fast), migrations, and publishing (what builds now, the last result).
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, type ReactNode } from 'react';
import { adminSiteHealthContract } from '../../lib/api/admin/publishing.contract';
import { callContract } from '../../lib/api/client';
import type { ReadOf } from '../../lib/api/contract';
import PublishingPanel, { BuildBadge, describeBuild, when } from './PublishingPanel';
import { loadPublishing } from './publishing.store';
import { $staff, handleAdminError, loadStaff } from './session.store';

type Health = ReadOf<typeof adminSiteHealthContract>;
type Run = Health['outbox']['lastRun'];
const $health = atom<{ status: 'loading' | 'ready' | 'error'; data?: Health; message: string }>({ status: 'loading', message: '' });

async function loadHealth(): Promise<void> {
  try {
    $health.set({ status: 'ready', data: await callContract(adminSiteHealthContract, undefined), message: '' });
  } catch (error) {
    $health.set({ status: 'error', message: handleAdminError(error) });
  }
}

type Tone = 'good' | 'warn' | 'bad';
const toneClass: Record<Tone, string> = { good: 'border-l-green-700', warn: 'border-l-amber-600', bad: 'border-l-red-700' };
const toneText: Record<Tone, string> = { good: 'OK', warn: 'Check', bad: 'Problem' };

function Card({ title, tone, children }: { title: string; tone: Tone; children: ReactNode }) {
  return (
    <li className={`card border-l-4 p-4 ${toneClass[tone]}`}>
      <h2 className="flex items-center justify-between gap-2 text-base font-extrabold">{title}<span className="text-xs font-bold text-muted">{toneText[tone]}</span></h2>
      <div className="mt-1 space-y-0.5 text-sm">{children}</div>
    </li>
  );
}

function RunLine({ run, never }: { run: Run; never: string }) {
  if (!run) return <p className="text-muted">{never}</p>;
  return <p>Last run {when(run.lastFinishedAt)}: {run.ok ? '' : 'failed. '}{run.message}</p>;
}

/** A run is late when it has not happened for three of its intervals. */
const late = (run: Run, minutes: number) => !run || Date.now() - new Date(run.lastFinishedAt).getTime() > 3 * minutes * 60_000;

export default function SiteHealth() {
  const staff = useStore($staff);
  const health = useStore($health);
  useEffect(() => {
    void loadStaff().then(() => ($staff.get().status === 'signed-in' ? Promise.all([loadHealth(), loadPublishing()]) : undefined));
  }, []);
  if (staff.status === 'loading' || (staff.status === 'signed-in' && health.status === 'loading')) return <p aria-busy="true">Loading…</p>;
  if (staff.status === 'error') return <p role="alert">{staff.message}</p>;
  if (health.status === 'error' || !health.data) {
    return <p role="alert" className="card border-l-4 border-l-red-700 p-4">The site health could not be read: {health.message} <button type="button" className="underline" onClick={() => void loadHealth()}>Try again</button></p>;
  }
  const h = health.data;
  const { outbox, reviewsSync, publishing, blogScheduler } = h;
  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted">Checked {when(h.checkedAt)}.</p>
        <button type="button" className="btn btn-outline px-3 text-sm" onClick={() => void Promise.all([loadHealth(), loadPublishing()])}>Check again</button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Card title="Email outbox" tone={outbox.dead > 0 || !outbox.lastRun?.ok ? 'bad' : outbox.pending > 0 || late(outbox.lastRun, 1) ? 'warn' : 'good'}>
          <p><strong>{outbox.pending}</strong> waiting, <strong>{outbox.dead}</strong> failed (gave up). <a href="/admin/outbox" className="underline">Open the outbox</a></p>
          <RunLine run={outbox.lastRun} never="The outbox worker has not run yet (it runs every minute)." />
        </Card>
        <Card title="Reviews sync" tone={!reviewsSync.configured ? 'warn' : !reviewsSync.lastRun?.ok ? 'bad' : late(reviewsSync.lastRun, 24 * 60) ? 'warn' : 'good'}>
          <p>{reviewsSync.configured ? 'Google reviews are copied daily.' : 'Not set up: GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_IDS are not set, so the site shows its stored reviews.'}</p>
          <RunLine run={reviewsSync.lastRun} never="The reviews sync has not run yet (it runs daily at midnight UTC)." />
        </Card>
        <Card title="Blog scheduler" tone={blogScheduler.lastRun && !blogScheduler.lastRun.ok ? 'bad' : late(blogScheduler.lastRun, 1) ? 'warn' : 'good'}>
          <p>{blogScheduler.scheduled === 0 ? 'No post is scheduled.' : <><strong>{blogScheduler.scheduled}</strong> scheduled post{blogScheduler.scheduled === 1 ? '' : 's'}; next: {when(blogScheduler.nextAt!)}.</>} <a href="/admin/blog" className="underline">Open the blog</a></p>
          <RunLine run={blogScheduler.lastRun} never="The blog scheduler has not run yet (it runs every minute)." />
          {blogScheduler.recentlyPublished.length > 0
            ? <p>Last published by it: {blogScheduler.recentlyPublished.map((p, i) => <span key={`${p.slug}-${p.at}`}>{i > 0 && '; '}<a href={`/${p.slug}`} className="underline">{p.title}</a> ({when(p.at)})</span>)}.</p>
            : <p className="text-muted">It has not published a post yet.</p>}
        </Card>
        <Card title="Database" tone={h.database.reachable ? ((h.database.latencyMs ?? 0) > 200 ? 'warn' : 'good') : 'bad'}>
          <p>{h.database.reachable ? 'Reachable' : 'Not reachable'} ({h.database.label}){h.database.latencyMs !== null ? `, answered in ${h.database.latencyMs} ms` : ''}.</p>
        </Card>
        <Card title="Migrations" tone={h.migrations.applied > 0 ? 'good' : 'bad'}>
          <p><strong>{h.migrations.applied}</strong> applied; the latest is <span className="break-all">{h.migrations.latest ?? 'none'}</span>.</p>
        </Card>
        <Card title="Publishing" tone={publishing.mode === 'not-configured' || publishing.lastFinished?.status === 'failed' ? 'bad' : publishing.current || publishing.waiting > 0 ? 'warn' : 'good'}>
          {publishing.current ? <p><BuildBadge status={publishing.current.status} /> Build {describeBuild(publishing.current)}.</p> : <p>No build is running.</p>}
          <p>{publishing.waiting} change{publishing.waiting === 1 ? '' : 's'} waiting for the next build.</p>
          {publishing.lastFinished ? <p>Last result: <BuildBadge status={publishing.lastFinished.status} /> {describeBuild(publishing.lastFinished)}.</p> : <p className="text-muted">No finished build is recorded yet.</p>}
        </Card>
      </ul>
      <PublishingPanel />
    </div>
  );
}
