/**
 * Publishing, the 404 log and redirects over real HTTP, on PGlite and PostgreSQL: a redirect made
 * from a logged 404 records a publish request and is audited; bad redirects are refused with a
 * sentence; hostile input changes nothing; the build hook is posted once for several folded
 * requests; and the local rebuild keeps the old site serving after a failed build (whose log tail
 * the admin shows), then swaps in a good one whose _redirects the server honours.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findFreePort } from '../../scripts/lib/free-port';
import { startLocalPublisher } from '../../scripts/lib/local-publisher';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { createTestSchema, testDatabaseKinds } from '../../src/server/db/test-databases';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, noDatabaseEnv, startTestSite, startTestSiteOn, type TestSite } from '../support/test-site';

const owner = 'owner@example.com';
const clerk = 'clerk@example.com';
const savedEnv = { ...process.env };

async function prepare(site: TestSite) {
  process.env.MAIL_DIR = path.join(site.dir, 'mail');
  process.env.RATE_LIMIT_DISABLED = '1';
  delete process.env.SMTP_URL;
  const db = createDb(site.site.database.env);
  await upsertStaff(db, { email: owner, role: 'owner', addedBy: 'test' });
  await upsertStaff(db, { email: clerk, role: 'staff', addedBy: 'test' });
  const origin = site.site.url;
  const signing = staffSignIn(origin, process.env.MAIL_DIR);
  const call = (cookie: string, method: string, p: string, body?: unknown) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { db, origin, signing, call };
}

describe.each(testDatabaseKinds)('the 404 log and redirects (%s)', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let call: (cookie: string, method: string, p: string, body?: unknown) => Promise<Response>;
  let ownerCookie: string;
  let clerkCookie: string;

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    const ready = await prepare(site);
    ({ db, call } = ready);
    ownerCookie = await ready.signing.signIn(owner);
    clerkCookie = await ready.signing.signIn(clerk);
  }, 90_000);
  afterAll(async () => {
    process.env = { ...savedEnv };
    await db?.destroy();
    await site?.stop();
  });

  test('a logged 404 is listed with suggested pages; a redirect from a suggestion is audited and waits for a publish', async () => {
    for (let i = 0; i < 3; i++) {
      const reported = await fetch(`${site.site.url}/api/track-404`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: site.site.url }, body: JSON.stringify({ requestedUrl: '/drain-cleanin?from=ad' }) });
      expect(reported.status).toBeLessThan(300);
    }
    const list = await call(clerkCookie, 'GET', '/api/admin/not-found?q=drain-clean&sort=hits&dir=desc');
    expect(list.status).toBe(200);
    const { rows, total } = await list.json();
    expect(total).toBe(1);
    expect(rows[0]).toMatchObject({ path: '/drain-cleanin', hits: 3, redirectedTo: null });
    expect(rows[0].suggestions[0]).toBe('/drain-cleaning');

    const created = await call(clerkCookie, 'POST', '/api/admin/redirects', { from: rows[0].path, to: rows[0].suggestions[0] });
    expect(created.status).toBe(200);
    const redirect = await created.json();
    expect(redirect).toMatchObject({ from: '/drain-cleanin', to: '/drain-cleaning', createdBy: clerk, hits: 0 });

    const requests = await db.selectFrom('publish_requests').selectAll().where('kind', '=', 'redirect').execute();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ requested_by: clerk, build_id: null, label: 'Redirect /drain-cleanin → /drain-cleaning' });
    expect(await db.selectFrom('audit_log').select(['action', 'actor_email']).where('entity', '=', 'redirect').execute()).toEqual([{ action: 'redirect.add', actor_email: clerk }]);

    const state = await (await call(clerkCookie, 'GET', '/api/admin/publishing')).json();
    expect(state.mode).toBe('local');
    expect(state.waiting).toBe(1);
    expect(state.requests[0]).toMatchObject({ kind: 'redirect', state: 'waiting' });
    const after = await (await call(clerkCookie, 'GET', '/api/admin/not-found')).json();
    expect(after.rows[0].redirectedTo).toBe('/drain-cleaning');

    const changed = await call(clerkCookie, 'PUT', `/api/admin/redirects/${redirect.id}`, { from: '/drain-cleanin', to: '/drain-cleaning-services' });
    expect(changed.status).toBe(200);
    const removed = await call(ownerCookie, 'DELETE', `/api/admin/redirects/${redirect.id}`, {});
    expect(removed.status).toBe(200);
    expect(await db.selectFrom('audit_log').select('action').where('entity', '=', 'redirect').orderBy('id').execute()).toEqual([{ action: 'redirect.add' }, { action: 'redirect.change' }, { action: 'redirect.delete' }]);
    expect(await db.selectFrom('publish_requests').select('id').where('kind', '=', 'redirect').execute()).toHaveLength(3);
  });

  test('bad redirects are refused with a sentence naming the field: other sites, real pages, unknown targets, chains, duplicates', async () => {
    const ok = await call(clerkCookie, 'POST', '/api/admin/redirects', { from: '/old-faq', to: '/faq' });
    expect(ok.status).toBe(200);
    const cases: [unknown, number, RegExp][] = [
      [{ from: '/old-2', to: 'https://evil.example/' }, 400, /not a full address/],
      [{ from: '/old-2', to: '//evil.example' }, 400, /single \//],
      [{ from: '/faq', to: '/about' }, 400, /is a page of this site/],
      [{ from: '/old-2', to: '/nowhere-at-all' }, 400, /not a page of this site/],
      [{ from: '/old-2', to: '/old-faq' }, 400, /itself redirects/],
      [{ from: '/old-faq', to: '/about' }, 409, /already redirects/],
      [{ from: '/api/contact', to: '/about' }, 400, /cannot be redirected/],
    ];
    for (const [body, status, sentence] of cases) {
      const response = await call(clerkCookie, 'POST', '/api/admin/redirects', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      const { error } = await response.json();
      expect(error).toMatch(errorFormat);
      expect(error).toMatch(sentence);
    }
  });

  test('Publish now is for owners; staff get 403', async () => {
    expect((await call(clerkCookie, 'POST', '/api/admin/publishing', {})).status).toBe(403);
  });

  test('hostile input on the new endpoints gets a 4xx with a sentence, never a 500, and changes nothing', async () => {
    const count = async () => ({
      redirects: await db.selectFrom('redirects').selectAll().orderBy('id').execute(),
      requests: (await db.selectFrom('publish_requests').select('id').execute()).length,
      builds: (await db.selectFrom('site_builds').select('id').execute()).length,
      audit: (await db.selectFrom('audit_log').select('id').execute()).length,
    });
    const before = await count();
    const existing = before.redirects[0]!.id;
    const hostile = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('https://evil.example', '//evil', '/\\evil', 'javascript:alert(1)', '/faq', '/', '/api/x', '/a b', `/${'x'.repeat(600)}`, '\u0000', "/' or 1=1 --", '/%00'), fc.integer(), fc.constant(null), fc.object({ maxDepth: 1 }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(['POST', '/api/admin/redirects'], ['PUT', '/api/admin/redirects/:id'], ['DELETE', '/api/admin/redirects/:id'], ['GET', '/api/admin/not-found'], ['POST', '/api/admin/publishing'], ['GET', '/api/admin/site-health']),
        fc.record({ from: hostile, to: hostile }, { requiredKeys: [] }),
        fc.dictionary(fc.constantFrom('page', 'pageSize', 'sort', 'dir', 'q', 'extra'), fc.oneof(fc.string({ maxLength: 50 }), fc.constantFrom('-1', '0', '1e9', 'hits;drop', '%00')), { maxKeys: 3 }),
        fc.constantFrom(String(existing), '0', '-1', 'abc', '99999999999', '%00'),
        async ([method, route], body, query, id) => {
          const url = new URL(`${site.site.url}${route.replace(':id', id)}`);
          if (method === 'GET') for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
          // Every write carries an unknown field, so no draw is a valid change.
          const response = await call(ownerCookie, method, url.pathname + url.search, method === 'GET' ? undefined : { ...body, unexpected: 1 });
          if (response.status < 300) {
            expect(method).toBe('GET');
            return;
          }
          expect(response.status, `${method} ${url.pathname}${url.search}`).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect((await response.json()).error).toMatch(errorFormat);
        },
      ),
      { numRuns: 120 },
    );
    // Hostile values in an otherwise well-formed body are refused too.
    for (const to of ['https://evil.example', '//evil', 'javascript:alert(1)', '/a\u0000b', '/faq\n/x']) {
      const response = await call(ownerCookie, 'POST', '/api/admin/redirects', { from: '/hostile-from', to });
      expect(response.status, to).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await count()).toEqual(before);
  }, 120_000);

  test('site health answers with the database, migrations, outbox and publishing', async () => {
    const response = await call(clerkCookie, 'GET', '/api/admin/site-health');
    expect(response.status).toBe(200);
    const health = await response.json();
    expect(health.database.reachable).toBe(true);
    expect(health.migrations.applied).toBeGreaterThan(5);
    const newest = (await readdir('src/server/db/migrations')).filter((f) => f.endsWith('.ts')).sort().at(-1)!.replace(/\.ts$/, '');
    expect(health.migrations.latest).toBe(newest);
    expect(health.publishing).toMatchObject({ mode: 'local' });
    expect(health.outbox).toMatchObject({ pending: expect.any(Number), dead: expect.any(Number) });
    expect(health.blogScheduler).toMatchObject({ scheduled: expect.any(Number), recentlyPublished: expect.any(Array) });
  });
});

describe('the Netlify build hook', () => {
  let site: TestSite;
  let hook: Server;
  const posts: string[] = [];

  beforeAll(async () => {
    const port = await findFreePort();
    hook = createServer((req, res) => { posts.push(`${req.method} ${req.url}`); res.end('{}'); });
    await new Promise<void>((resolve) => hook.listen(port, '127.0.0.1', resolve));
    process.env.NETLIFY_BUILD_HOOK_URL = `http://127.0.0.1:${port}/build_hooks/test-hook`;
    process.env.PUBLISH_DEBOUNCE_SECONDS = '1';
    site = await startTestSiteOn('postgres');
  }, 60_000);
  afterAll(async () => {
    process.env = { ...savedEnv };
    await site?.stop();
    await new Promise((r) => hook?.close(r));
  });

  test('several requests within the debounce are posted to the hook exactly once', async () => {
    const { db, signing, call } = await prepare(site);
    try {
      const cookie = await signing.signIn(clerk);
      for (const from of ['/old-a', '/old-b', '/old-c']) expect((await call(cookie, 'POST', '/api/admin/redirects', { from, to: '/faq' })).status).toBe(200);
      const { default: worker } = await import('../../netlify/functions/publish-worker');
      await worker(); // not due yet: the debounce runs from the first request
      await new Promise((r) => setTimeout(r, 1100));
      await worker();
      await worker();
      expect(posts).toHaveLength(1);
      expect(posts[0]).toMatch(/^POST \/build_hooks\/test-hook\?trigger_title=Admin\+publish\+%23\d+$/);
      const requests = await db.selectFrom('publish_requests').select('build_id').execute();
      expect(new Set(requests.map((r) => r.build_id)).size).toBe(1);
      const state = await (await call(cookie, 'GET', '/api/admin/publishing')).json();
      expect(state.mode).toBe('netlify');
      expect(state.builds[0]).toMatchObject({ status: 'queued', target: 'netlify', requests: 3 });
      expect(state.requests.every((r: { state: string }) => r.state === 'building')).toBe(true);
      const health = await (await call(cookie, 'GET', '/api/admin/site-health')).json();
      expect(health.publishing.lastRun).toMatchObject({ name: 'publish-worker', ok: true });
    } finally {
      await db.destroy();
    }
  }, 60_000);
});

describe('the local rebuild', () => {
  let site: TestSite;
  let failNext = true;
  let emptyNext = false;
  let schemaDrop: () => Promise<void>;
  let schemaUrl = '';

  beforeAll(async () => {
    process.env.PUBLISH_DEBOUNCE_SECONDS = '0';
    delete process.env.NETLIFY_BUILD_HOOK_URL;
    const schema = await createTestSchema();
    schemaDrop = schema.drop;
    schemaUrl = schema.url;
    const write = "const fs=require('fs');const d=process.argv[1];fs.mkdirSync(d,{recursive:true});fs.writeFileSync(d+'/index.html','<!doctype html><title>Home</title><h1>Home</h1>');fs.writeFileSync(d+'/404.html','<!doctype html><title>404</title><h1>404 Page Not Found</h1>');fs.writeFileSync(d+'/publish-marker-new.txt','new build');console.log('built')";
    // Exits 0 but makes no pages (only a sitemap): never put in place.
    const empty = "const fs=require('fs');const d=process.argv[1];fs.mkdirSync(d,{recursive:true});fs.writeFileSync(d+'/sitemap-index.xml','<sitemapindex/>');console.log('built')";
    const fail = "console.log('vite v7 building for production...');console.error('[ERROR] Could not resolve \"./missing-component\" from src/pages/index.astro');process.exit(1)";
    site = await startTestSite({ ...noDatabaseEnv, DATABASE_URL: schema.url }, {
      publisher: { pollMs: 100, command: (outDir) => ['node', ['-e', emptyNext ? empty : failNext ? fail : write, outDir]] },
    });
    await writeFile(path.join(site.dir, 'dist', 'publish-marker-old.txt'), 'old build');
  }, 60_000);
  afterAll(async () => {
    process.env = { ...savedEnv };
    await site?.stop();
    await schemaDrop?.();
  });

  async function waitForBuild(db: Kysely<Database>, done: (status: string) => boolean, after = 0): Promise<{ id: number; status: string; log_tail: string | null }> {
    for (let i = 0; i < 200; i++) {
      const last = await db.selectFrom('site_builds').select(['id', 'status', 'log_tail']).orderBy('id', 'desc').executeTakeFirst();
      if (last && last.id > after && done(last.status)) return last;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('no build finished');
  }

  test('a failed build leaves the old site serving and its log tail in the admin; a good one is swapped in with its redirects', async () => {
    const { db, signing, call, origin } = await prepare(site);
    try {
      const cookie = await signing.signIn(owner);
      expect((await call(cookie, 'POST', '/api/admin/redirects', { from: '/old-water-heaters', to: '/faq' })).status).toBe(200);
      const failed = await waitForBuild(db, (s) => s === 'failed');
      expect(failed.log_tail).toContain('Could not resolve "./missing-component"');
      expect((await fetch(`${origin}/publish-marker-old.txt`)).status).toBe(200);
      expect((await fetch(`${origin}/old-water-heaters`, { redirect: 'manual' })).status).toBe(404);
      const state = await (await call(cookie, 'GET', '/api/admin/publishing')).json();
      expect(state.builds[0]).toMatchObject({ id: failed.id, status: 'failed', logTail: expect.stringContaining('missing-component') });
      expect(state.requests[0]).toMatchObject({ kind: 'redirect', state: 'failed' });

      // A build that exits 0 without a home page is refused too: the old site keeps serving.
      emptyNext = true;
      expect((await call(cookie, 'POST', '/api/admin/publishing', {})).status).toBe(200);
      const empty = await waitForBuild(db, (s) => s === 'failed' || s === 'succeeded', failed.id);
      expect(empty.id).toBeGreaterThan(failed.id);
      expect(empty).toMatchObject({ status: 'failed', log_tail: expect.stringContaining('without a home page') });
      expect((await fetch(`${origin}/publish-marker-old.txt`)).status).toBe(200);

      emptyNext = false;
      failNext = false;
      const published = await call(cookie, 'POST', '/api/admin/publishing', {});
      expect(published.status).toBe(200);
      const good = await waitForBuild(db, (s) => s === 'succeeded');
      expect(good.id).toBeGreaterThan(empty.id);
      expect((await fetch(`${origin}/publish-marker-new.txt`)).status).toBe(200);
      expect((await fetch(`${origin}/publish-marker-old.txt`)).status).toBe(404);
      const redirected = await fetch(`${origin}/old-water-heaters?utm_source=x`, { redirect: 'manual' });
      expect(redirected.status).toBe(301);
      expect(redirected.headers.get('location')).toBe('/faq?utm_source=x');
      await expect.poll(async () => (await db.selectFrom('redirects').select('hits').executeTakeFirstOrThrow()).hits).toBe(1);
      const after = await (await call(cookie, 'GET', '/api/admin/publishing')).json();
      expect(after.requests.find((r: { kind: string }) => r.kind === 'redirect').state).toBe('live');

      // Another server started on the same checkout (an end-to-end test's own site, on another database)
      // leaves a build folder that is not one of its database's builds alone: it may be a build in progress.
      const inProgress = path.join(site.dir, '.data', 'builds', '987654');
      await mkdir(inProgress, { recursive: true });
      await writeFile(path.join(inProgress, 'index.html'), 'being built');
      const other = startLocalPublisher({ env: { ...noDatabaseEnv, DATABASE_URL: schemaUrl }, targetDir: path.join(site.dir, 'dist'), pollMs: 50, log: () => {} });
      await new Promise((r) => setTimeout(r, 600));
      await other.stop();
      expect(existsSync(inProgress)).toBe(true);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
