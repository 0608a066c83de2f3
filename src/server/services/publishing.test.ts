import { expect, test, describe } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import { claimDueBuild, dispatchDuePublish, dueAt, finishBuild, requestPublish, requestState, tailLog, takeQueuedBuild } from './publishing';

describe('debounce and log tail', () => {
  test('waiting requests are due a debounce after the first of them', () => {
    const t0 = new Date('2026-11-25T10:00:00Z');
    expect(dueAt([], 120)).toBeUndefined();
    expect(dueAt([new Date(t0.getTime() + 60_000), t0], 120)?.toISOString()).toBe('2026-11-25T10:02:00.000Z');
    expect(dueAt([t0], 0)?.getTime()).toBe(t0.getTime());
  });

  test('the log tail keeps the end of the output, within the limit', () => {
    const output = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join('\n');
    const tail = tailLog(output, 8000);
    expect(tail.length).toBeLessThanOrEqual(8000);
    expect(tail.endsWith('line 1999')).toBe(true);
    expect(tail.startsWith('line ')).toBe(true);
    expect(tailLog('short')).toBe('short');
  });

  test('a request is live when its build or a later one succeeded', () => {
    expect(requestState({ build_id: null }, [])).toBe('waiting');
    expect(requestState({ build_id: 1 }, [{ id: 1, status: 'running' }])).toBe('building');
    expect(requestState({ build_id: 1 }, [{ id: 1, status: 'failed' }])).toBe('failed');
    expect(requestState({ build_id: 1 }, [{ id: 1, status: 'failed' }, { id: 2, status: 'succeeded' }])).toBe('live');
    expect(requestState({ build_id: 1 }, [{ id: 1, status: 'succeeded' }])).toBe('live');
  });
});

describeEachDatabase('publish requests fold into builds', (db) => {
  const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));

  test('requests within the debounce share one build; later ones wait while it runs', async () => {
    await db().deleteFrom('publish_requests').execute();
    const now = new Date();
    await requestPublish(db(), { kind: 'redirect', label: 'Redirect /a → /faq', by: 'owner@example.com' });
    await requestPublish(db(), { kind: 'page-metadata', label: 'Page metadata of /faq', by: 'owner@example.com' });
    // Not due yet: the debounce has not passed since the first.
    expect(await claimDueBuild(db(), { debounceSeconds: 120, target: 'local', now })).toBeUndefined();
    const build = await claimDueBuild(db(), { debounceSeconds: 120, target: 'local', now: new Date(now.getTime() + 121_000) });
    expect(build).toMatchObject({ status: 'queued', trigger: 'debounce', target: 'local' });
    const folded = await db().selectFrom('publish_requests').select('build_id').execute();
    expect(folded.every((r) => r.build_id === build!.id)).toBe(true);

    expect(await takeQueuedBuild(db(), 'local')).toMatchObject({ id: build!.id, status: 'running' });
    await requestPublish(db(), { kind: 'redirect', label: 'during the build', by: 'owner@example.com' });
    // One build at a time: the new request waits even when forced.
    expect(await claimDueBuild(db(), { debounceSeconds: 0, target: 'local', force: { by: 'owner@example.com' } })).toBeUndefined();
    await finishBuild(db(), build!.id, { ok: false, log: 'Error: broken\n' });
    const next = await claimDueBuild(db(), { debounceSeconds: 0, target: 'local' });
    expect(next?.id).toBeGreaterThan(build!.id);
    const waiting = await db().selectFrom('publish_requests').select(['label', 'build_id']).where('label', '=', 'during the build').executeTakeFirstOrThrow();
    expect(waiting.build_id).toBe(next!.id);
    await finishBuild(db(), next!.id, { ok: true });
  });

  test('a build that never reports back stops holding the queue after 30 minutes', async () => {
    const stuck = await claimDueBuild(db(), { debounceSeconds: 0, target: 'netlify', force: { by: 'owner@example.com' }, now: at(0) });
    expect(stuck).toBeDefined();
    await db().updateTable('site_builds').set({ created_at: new Date(Date.now() - 31 * 60_000) } as never).where('id', '=', stuck!.id).execute();
    const next = await claimDueBuild(db(), { debounceSeconds: 0, target: 'netlify', force: { by: 'owner@example.com' } });
    expect(next).toBeDefined();
    expect(await db().selectFrom('site_builds').select(['status', 'log_tail']).where('id', '=', stuck!.id).executeTakeFirstOrThrow()).toMatchObject({ status: 'failed', log_tail: expect.stringContaining('30 minutes') });
    await finishBuild(db(), next!.id, { ok: true });
  });

  test('the worker posts the hook once for several due requests, and a refused hook fails the build', async () => {
    const posted: string[] = [];
    const fakeFetch = (async (url: URL | string) => { posted.push(String(url)); return new Response('', { status: posted.length === 1 ? 200 : 500 }); }) as typeof fetch;
    for (const label of ['one', 'two', 'three']) await requestPublish(db(), { kind: 'redirect', label, by: 'staff@example.com' });
    const first = await dispatchDuePublish(db(), { hookUrl: 'https://api.netlify.example/build_hooks/abc', debounceSeconds: 0, fetchImpl: fakeFetch });
    expect(first.posted).toBe(true);
    expect(await dispatchDuePublish(db(), { hookUrl: 'https://api.netlify.example/build_hooks/abc', debounceSeconds: 0, fetchImpl: fakeFetch })).toEqual({ posted: false });
    expect(posted).toHaveLength(1);
    expect(posted[0]).toContain('trigger_title=Admin+publish');
    await finishBuild(db(), first.build!, { ok: true });

    await requestPublish(db(), { kind: 'redirect', label: 'four', by: 'staff@example.com' });
    const refused = await dispatchDuePublish(db(), { hookUrl: 'https://api.netlify.example/build_hooks/abc', debounceSeconds: 0, fetchImpl: fakeFetch });
    expect(refused.posted).toBe(false);
    const failed = await db().selectFrom('site_builds').select(['status', 'log_tail']).where('id', '=', refused.build!).executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');
    expect(failed.log_tail).toContain('answered 500');
    expect(failed.log_tail).not.toContain('build_hooks/abc');
  });
});
