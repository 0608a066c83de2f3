/**
 * /admin/blog's endpoints over real HTTP on PGlite and PostgreSQL: a draft reaches no public page
 * and requests no publish; publishing and unpublishing are audited and request a publish; slugs that
 * are another page's address, another post's or a redirect's are refused; a scheduled post is
 * published by the blog scheduler at its time, which starts a build at once; the preview is the
 * sanitised HTML; featured pictures are checked (SVG, wrong magic bytes, oversize and decompression
 * bombs refused with a 4xx) and stored; hostile input changes nothing.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminBlogCreateContract, adminBlogImageContract, adminBlogImageUploadContract, adminBlogListContract, adminBlogPostContract, adminBlogPreviewContract, adminBlogUpdateContract, type PostView,
} from '../../src/lib/api/admin/blog.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { listPublishedPosts } from '../../src/server/repositories/blog-post.repository';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { pngClaiming } from '../support/image-bomb';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const newContracts = [adminBlogListContract, adminBlogCreateContract, adminBlogPostContract, adminBlogUpdateContract, adminBlogPreviewContract, adminBlogImageUploadContract, adminBlogImageContract];
const writer = 'blog.writer@example.com';

describe.each(testDatabaseKinds)('/api/admin/blog on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let cookie: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    const mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
    process.env.UPLOAD_DIR = path.join(site.dir, 'uploads');
    process.env.UPLOAD_STORE = 'files';
    process.env.RATE_LIMIT_DISABLED = '1';
    delete process.env.SMTP_URL;
    delete process.env.NETLIFY_BUILD_HOOK_URL;
    db = createDb(site.site.database.env);
    await upsertStaff(db, { email: writer, role: 'staff', addedBy: 'test' });
    cookie = await staffSignIn(origin, mailDir).signIn(writer);
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  const call = (method: string, p: string, body?: unknown) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });
  const upload = (bytes: Uint8Array, name = 'picture.png', type = 'image/png') => {
    const form = new FormData();
    form.set('image', new File([bytes.slice()], name, { type }));
    return fetch(`${origin}/api/admin/blog/images`, { method: 'POST', headers: { Cookie: cookie, Origin: origin }, body: form });
  };
  const expectRefused = async (response: Response, status: number, pattern?: RegExp) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
  };
  const draft = (slug: string, extra: Record<string, unknown> = {}) => ({
    title: `How to ${slug.replace(/-/g, ' ')}`, slug, excerpt: 'A short summary.', metaDescription: '', category: 'Water heaters', author: 'Economy Plumbing Services',
    content: '## First steps\n\nTurn off the water.', featuredImage: null, status: 'draft', publishAt: null, ...extra,
  });
  const publishRequests = () => db.selectFrom('publish_requests').select(['kind', 'label', 'requested_by']).where('kind', '=', 'blog').orderBy('id').execute();
  const auditActions = (id: number) => db.selectFrom('audit_log').select(['action', 'actor_email']).where('entity', '=', 'blog_post').where('entity_id', '=', String(id)).orderBy('id').execute().then((rows) => rows.map((r) => r.action));

  test('a draft is on no public page and requests no publish; publishing and unpublishing are audited and each requests a publish', async () => {
    const created = await call('POST', '/api/admin/blog/posts', draft('flush-a-tankless-heater'));
    expect(created.status).toBe(200);
    const post = (await created.json()) as PostView;
    expect(post).toMatchObject({ status: 'draft', publishAt: null, updatedBy: writer });
    expect(await publishRequests()).toEqual([]);
    expect((await listPublishedPosts(db)).map((p) => p.slug)).not.toContain('flush-a-tankless-heater');

    const published = await call('PUT', `/api/admin/blog/posts/${post.id}`, draft('flush-a-tankless-heater', { status: 'published' }));
    expect(published.status).toBe(200);
    expect((await published.json()).status).toBe('published');
    expect((await listPublishedPosts(db)).map((p) => p.slug)).toContain('flush-a-tankless-heater');
    const unpublished = await call('PUT', `/api/admin/blog/posts/${post.id}`, draft('flush-a-tankless-heater', { status: 'draft' }));
    expect((await unpublished.json()).status).toBe('draft');
    expect((await listPublishedPosts(db)).map((p) => p.slug)).not.toContain('flush-a-tankless-heater');

    expect(await auditActions(post.id)).toEqual(['blog.draft', 'blog.publish', 'blog.unpublish']);
    expect(await publishRequests()).toEqual([
      { kind: 'blog', label: 'Blog post published: How to flush a tankless heater', requested_by: writer },
      { kind: 'blog', label: 'Blog post unpublished: How to flush a tankless heater', requested_by: writer },
    ]);
    const listed = await call('GET', '/api/admin/blog/posts?status=draft');
    expect((await listed.json()).posts.map((p: { slug: string }) => p.slug)).toContain('flush-a-tankless-heater');
  });

  test('slugs that are another page, another post or a redirect are refused with a sentence', async () => {
    for (const slug of ['drain-cleaning', 'plumber-austin', 'blog', 'about', 'admin', 'success-stories', 'store']) {
      await expectRefused(await call('POST', '/api/admin/blog/posts', draft(slug)), 409, /already a page/);
    }
    expect((await call('POST', '/api/admin/blog/posts', draft('winter-pipe-care'))).status).toBe(200);
    await expectRefused(await call('POST', '/api/admin/blog/posts', draft('winter-pipe-care')), 409, /Another post already lives at \/winter-pipe-care/);
    await db.insertInto('redirects').values({ from_path: '/old-pipe-guide', to_path: '/faq', created_by: 'test', updated_by: 'test' }).execute();
    await expectRefused(await call('POST', '/api/admin/blog/posts', draft('old-pipe-guide')), 409, /redirects to \/faq/);
    await expectRefused(await call('POST', '/api/admin/blog/posts', draft('Not A Slug!')), 400, /lower-case letters/);
  });

  test('a scheduled post needs a future time; the blog scheduler publishes it when due and starts a build at once', async () => {
    await expectRefused(await call('POST', '/api/admin/blog/posts', draft('late-post', { status: 'scheduled', publishAt: new Date(Date.now() - 60_000).toISOString() })), 400, /has passed/);
    await expectRefused(await call('POST', '/api/admin/blog/posts', draft('late-post', { status: 'scheduled', publishAt: null })), 400, /needs the date and time/);
    await expectRefused(await call('POST', '/api/admin/blog/posts', draft('late-post', { status: 'draft', publishAt: new Date(Date.now() + 60_000).toISOString() })), 400, /Only a scheduled post/);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const created = await call('POST', '/api/admin/blog/posts', draft('spring-checkup', { status: 'scheduled', publishAt: at }));
    expect(created.status).toBe(200);
    const post = (await created.json()) as PostView;
    expect(post).toMatchObject({ status: 'scheduled', publishAt: at, publishDate: at });
    const before = (await publishRequests()).length;

    const { default: scheduler } = await import('../../netlify/functions/blog-scheduler');
    expect(await (await scheduler()).json()).toEqual({ published: [] });
    // Its time comes.
    await db.updateTable('blog_posts').set({ publish_at: new Date(Date.now() - 1000) }).where('id', '=', post.id).execute();
    const run = await (await scheduler()).json();
    expect(run.published).toEqual(['spring-checkup']);
    expect(run.build).toEqual(expect.any(Number));
    expect((await listPublishedPosts(db)).map((p) => p.slug)).toContain('spring-checkup');
    expect(await auditActions(post.id)).toEqual(['blog.schedule', 'blog.publish']);
    const requests = await publishRequests();
    expect(requests).toHaveLength(before + 1);
    expect(requests.at(-1)).toMatchObject({ requested_by: 'blog scheduler', label: 'Scheduled post published: How to spring checkup' });
    const build = await db.selectFrom('site_builds').selectAll().where('id', '=', run.build).executeTakeFirstOrThrow();
    expect(build).toMatchObject({ status: 'queued', target: 'local', requested_by: 'blog scheduler' });
    // Site health shows the scheduler's last run and what it published.
    const health = async () => (await (await call('GET', '/api/admin/site-health')).json()).blogScheduler;
    expect(await health()).toMatchObject({
      lastRun: { name: 'blog-scheduler', ok: true },
      recentlyPublished: [{ title: 'How to spring checkup', slug: 'spring-checkup', at: expect.any(String) }],
    });
    expect((await (await scheduler()).json()).published).toEqual([]);
    // A quiet run still leaves what it published last on the screen.
    expect(await health()).toMatchObject({ lastRun: { ok: true, message: 'Nothing due' }, recentlyPublished: [{ slug: 'spring-checkup' }] });
    await db.updateTable('site_builds').set({ status: 'succeeded' }).where('id', '=', run.build).execute();
  });

  test('the preview is the post\'s HTML as the build makes it: scripts, frames and handlers removed', async () => {
    const response = await call('POST', '/api/admin/blog/preview', { content: '# Title\n\n<script>alert(1)</script><iframe src="https://x"></iframe>\n\n[link](javascript:alert(1)) and [ours](/contact)\n\n<img src=x onerror=alert(1)>\n\n**bold**' });
    expect(response.status).toBe(200);
    const { html } = await response.json();
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/contact">ours</a>');
    expect(html).not.toMatch(/<script|<iframe|href="javascript:|onerror/i);
  });

  test('a featured picture is checked, re-encoded and stored with its size; the post keeps its id, alt text and size', async () => {
    const png = new Uint8Array(await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2266aa' } }).png().toBuffer());
    const uploaded = await upload(png);
    expect(uploaded.status).toBe(200);
    const picture = await uploaded.json();
    expect(picture).toMatchObject({ width: 1600, height: 900, id: expect.stringMatching(/^[a-f0-9]{32}$/) });
    const served = await call('GET', picture.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await readdir(path.join(site.dir, 'uploads', 'blog')))).toContain(`${picture.id}.jpg`);

    const created = await call('POST', '/api/admin/blog/posts', draft('water-heater-parts', { featuredImage: { id: picture.id, alt: 'A water heater in a garage' } }));
    expect(created.status).toBe(200);
    expect((await created.json()).featuredImage).toMatchObject({ id: picture.id, alt: 'A water heater in a garage', width: 1600, height: 900 });
    await expectRefused(await call('POST', '/api/admin/blog/posts', draft('missing-picture', { featuredImage: { id: 'a'.repeat(32), alt: 'Something' } })), 400, /no longer stored/);
    await expectRefused(await call('POST', '/api/admin/blog/posts', draft('no-alt', { featuredImage: { id: picture.id, alt: '' } })), 400, /Describe the picture/);
    await expectRefused(await call('GET', `/api/admin/blog/images/${'b'.repeat(32)}`), 404);
  });

  test('upload safety: SVG, wrong magic bytes, oversize, a decompression bomb and an empty file are refused with a 4xx and store nothing', async () => {
    const stored = async () => (await readdir(path.join(site.dir, 'uploads', 'blog')).catch(() => [])).length;
    const before = await stored();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    await expectRefused(await upload(svg, 'picture.svg', 'image/svg+xml'), 415, /not SVG/);
    await expectRefused(await upload(new TextEncoder().encode('GIF8 this is not an image at all'), 'picture.png', 'image/png'), 415, /JPEG, PNG, WebP/);
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    await expectRefused(await upload(html, 'picture.jpg', 'image/jpeg'), 415);
    const oversize = new Uint8Array(8 * 1024 * 1024 + 1);
    oversize.set([0xff, 0xd8, 0xff]);
    const tooLarge = await upload(oversize, 'huge.jpg', 'image/jpeg');
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error).toMatch(errorFormat);
    await expectRefused(await upload(pngClaiming(60_000, 60_000), 'bomb.png'), 413, /more than 50 million pixels/);
    await expectRefused(await upload(new Uint8Array(0), 'empty.png'), 400, /empty/);
    const truncated = new Uint8Array(await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } }).png().toBuffer()).slice(0, 60);
    await expectRefused(await upload(truncated, 'broken.png'), 400, /could not be read/);
    expect(await stored()).toBe(before);
  });

  test('signed-out callers get 401 and change nothing', async () => {
    const response = await fetch(`${origin}/api/admin/blog/posts`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(draft('signed-out-post')) });
    expect(response.status).toBe(401);
    expect(await db.selectFrom('blog_posts').select('id').where('slug', '=', 'signed-out-post').executeTakeFirst()).toBeUndefined();
  });

  test('hostile input on every new endpoint gets a 4xx with a sentence, never a 500, and changes nothing', async () => {
    const existing = await db.selectFrom('blog_posts').select('id').orderBy('id').executeTakeFirstOrThrow();
    const snapshot = async () => ({
      posts: await db.selectFrom('blog_posts').selectAll().orderBy('id').execute(),
      audit: (await db.selectFrom('audit_log').select('id').execute()).length,
      publish: (await db.selectFrom('publish_requests').select('id').execute()).length,
    });
    const before = await snapshot();
    const hostileValue = fc.oneof(
      fc.string({ maxLength: 300 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant('\u0000'), fc.constant("' or 1=1 --"), fc.constant('<script>alert(1)</script>'),
      fc.constantFrom('drain-cleaning', 'published', 'scheduled', '2020-01-01T00:00:00Z', '../../etc/passwd', 'x'.repeat(100_001)),
      fc.record({ id: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('a'.repeat(32))), alt: fc.string({ maxLength: 10 }) }), fc.object({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...newContracts),
        fc.dictionary(fc.constantFrom('title', 'slug', 'excerpt', 'metaDescription', 'category', 'author', 'content', 'featuredImage', 'status', 'publishAt', 'sort', '__proto__'), hostileValue, { maxKeys: 6 }),
        fc.constantFrom(String(existing.id), '999999', '0', '-1', 'abc', '99999999999', '%00', 'a'.repeat(32), '..%2F..'),
        (contract, input, id) => expectHostileAdminCallRefused(origin, cookie, contract, input, id),
      ),
      { numRuns: 120 },
    );
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
