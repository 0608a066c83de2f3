/**
 * What is live and what waits for the next build: the changes waiting, the last builds with their
 * result (the log's end for a failure), and Publish now for owners.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import type { BuildView, PublishRequestView } from '../../lib/api/admin/publishing.contract';
import { $publishing, $publishNotice, pollPublishing, publishNow } from './publishing.store';
import { $staff } from './session.store';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Chicago' });
export const when = (iso: string) => dateTime.format(new Date(iso));

const buildLabels: Record<BuildView['status'], string> = { queued: 'About to start', running: 'Building', succeeded: 'Live', failed: 'Failed' };
const buildTone: Record<BuildView['status'], string> = { queued: 'bg-amber-100 text-amber-900', running: 'bg-amber-100 text-amber-900', succeeded: 'bg-green-100 text-green-900', failed: 'bg-red-100 text-red-900' };
const triggerLabels: Record<BuildView['trigger'], string> = { debounce: 'changes in admin', 'publish-now': 'Publish now', deploy: 'a deploy', manual: 'npm run build' };
const requestLabels: Record<PublishRequestView['state'], string> = { waiting: 'Waits for the next build', building: 'In the build now', live: 'Live', failed: 'Its build failed: waits for the next one' };

export function BuildBadge({ status }: { status: BuildView['status'] }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-bold ${buildTone[status]}`}>{buildLabels[status]}</span>;
}

export function describeBuild(b: BuildView): string {
  const by = b.requestedBy ? ` by ${b.requestedBy}` : '';
  return `#${b.id}, from ${triggerLabels[b.trigger]}${by}, ${when(b.finishedAt ?? b.startedAt ?? b.createdAt)}`;
}

export default function PublishingPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const staff = useStore($staff);
  const publishing = useStore($publishing);
  const notice = useStore($publishNotice);
  const id = useId();
  useEffect(() => pollPublishing(), []);
  const Heading = `h${headingLevel}` as 'h2';
  const data = publishing.data;
  const building = data?.builds.find((b) => b.status === 'queued' || b.status === 'running');
  const isOwner = staff.status === 'signed-in' && staff.staff.role === 'owner';
  const modeText = data?.mode === 'netlify' ? 'Netlify builds the site through its build hook.' : data?.mode === 'local' ? 'This server rebuilds the site in the background and switches to it when the build succeeds.' : 'Publishing is not set up: NETLIFY_BUILD_HOOK_URL is missing.';
  return (
    <section aria-labelledby={`${id}-heading`} className="card p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Heading id={`${id}-heading`} className="text-xl font-extrabold">Publishing</Heading>
          {data && <p className="mt-1 text-sm text-muted">{modeText} Changes made within {Math.round(data.debounceSeconds / 60) >= 1 ? `${Math.round(data.debounceSeconds / 60)} minute${Math.round(data.debounceSeconds / 60) === 1 ? '' : 's'}` : `${data.debounceSeconds} seconds`} of each other share one build.</p>}
        </div>
        {isOwner && <button type="button" className="btn btn-primary px-4" disabled={Boolean(building)} onClick={() => void publishNow()}>Publish now</button>}
      </div>
      <p role={notice.tone === 'error' ? 'alert' : 'status'} className={notice.tone === 'error' ? 'mt-2 text-sm font-semibold text-red-700' : 'mt-2 text-sm'}>{notice.text}</p>
      {publishing.status === 'error' && <p role="alert" className="font-semibold text-red-700">{publishing.message}</p>}
      {data && (
        <>
          <p className="mt-2 font-semibold" aria-live="polite">
            {building ? `Build #${building.id} is ${building.status === 'queued' ? 'about to start' : 'running'}; the current site keeps serving meanwhile.`
              : data.waiting > 0 ? `${data.waiting} change${data.waiting === 1 ? ' waits' : 's wait'} for the next build${data.nextBuildAt ? `, which starts about ${when(data.nextBuildAt)}` : ''}.`
                : 'Everything changed in admin is live.'}
          </p>
          {data.requests.length > 0 && (
            <>
              <h3 className="mt-4 font-bold">Recent changes</h3>
              <ul className="mt-1 divide-y divide-line text-sm">
                {data.requests.slice(0, 8).map((r) => (
                  <li key={r.id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                    <span className="break-words">{r.label} <span className="text-muted">({r.requestedBy}, {when(r.requestedAt)})</span></span>
                    <span className={r.state === 'live' ? 'text-green-800' : r.state === 'failed' ? 'font-semibold text-red-700' : 'font-semibold'}>{requestLabels[r.state]}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3 className="mt-4 font-bold">Last builds</h3>
          {data.builds.length === 0 ? <p className="text-sm text-muted">No build has been recorded yet.</p> : (
            <ul className="mt-1 space-y-2 text-sm">
              {data.builds.slice(0, 5).map((b) => (
                <li key={b.id}>
                  <BuildBadge status={b.status} /> <span>{describeBuild(b)}{b.requests ? `, ${b.requests} change${b.requests === 1 ? '' : 's'}` : ''}</span>
                  {b.status === 'failed' && b.logTail && (
                    <details className="mt-1">
                      <summary className="cursor-pointer font-semibold">The end of build #{b.id}'s log</summary>
                      <pre className="mt-1 max-h-64 overflow-auto rounded bg-surface p-2 text-xs whitespace-pre-wrap" tabIndex={0}>{b.logTail}</pre>
                    </details>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
