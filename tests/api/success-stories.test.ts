/**
 * Success stories over real HTTP on PostgreSQL and PGlite: a story with photos waits for approval;
 * consent is required; the lead form's rules apply (spam kept and never shown, a retried key stored
 * once, a reused key refused, a client over the limit refused); photos are checked (SVG, wrong magic
 * bytes, oversize, decompression bomb → 4xx, nothing stored); staff approve (audited, publish
 * requested), choose photos, feature, take down and delete; hostile input changes nothing.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminStoryDeleteContract, adminStoryListContract, adminStoryPhotoContract, adminStoryUpdateContract, type StoryRow } from '../../src/lib/api/admin/success-stories.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { leadRateLimit } from '../../src/server/services/leads';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { pngClaiming } from '../support/image-bomb';
import { clearOfWindowEdge } from '../support/rate-window';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const clerk = 'stories.staff@example.com';

describe.each(testDatabaseKinds)('success stories on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let cookie: string;
  let photo: Uint8Array;
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
    db = createDb(site.site.database.env);
    await upsertStaff(db, { email: clerk, role: 'staff', addedBy: 'test' });
    cookie = await staffSignIn(origin, mailDir).signIn(clerk);
    photo = new Uint8Array(await sharp({ create: { width: 900, height: 600, channels: 3, background: '#884422' } }).jpeg().toBuffer());
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  const fields = (extra: Record<string, string> = {}) => ({
    name: 'Maria G.', city: 'round-rock', service: 'water-heater-services', story: 'Our water heater leaked on a Sunday; they replaced it the next morning.', consent: 'yes', formStartTime: String(Date.now() - 60_000), website: '', ...extra,
  });
  const send = (values: Record<string, string>, files: Record<string, Uint8Array | [Uint8Array, string, string]> = {}, headers: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.set(k, v);
    for (const [k, f] of Object.entries(files)) {
      const [bytes, name, type] = Array.isArray(f) ? f : [f, `${k}.jpg`, 'image/jpeg'];
      form.set(k, new File([bytes.slice()], name, { type }));
    }
    return fetch(`${origin}/api/success-stories`, { method: 'POST', headers: { Origin: origin, ...headers }, body: form });
  };
  const call = (method: string, p: string, body?: unknown) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });
  const list = async (status: string): Promise<StoryRow[]> => (await (await call('GET', `/api/admin/success-stories?status=${status}`)).json()).stories;
  const storedPhotos = async () => (await readdir(path.join(site.dir, 'uploads', 'stories')).catch(() => [])).length;
  const expectRefused = async (response: Response, status: number, pattern?: RegExp) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
  };

  test('a story with photos waits for approval; staff approve it (audited, publish requested), choose photos, feature it, take it down and delete it', async () => {
    const key = crypto.randomUUID();
    const sent = await send(fields(), { beforePhoto: photo, afterPhoto: photo }, { 'Idempotency-Key': key });
    expect(sent.status).toBe(200);
    // A retry of the same story with the same key is stored once.
    expect((await send(fields(), { beforePhoto: photo, afterPhoto: photo }, { 'Idempotency-Key': key })).status).toBe(200);
    await expectRefused(await send(fields({ story: 'A different story entirely, sent with the same key.' }), {}, { 'Idempotency-Key': key }), 422, /reused the key/);
    const [story] = await list('pending');
    expect(story).toMatchObject({ name: 'Maria G.', city: 'round-rock', service: 'water-heater-services', status: 'pending', featured: false });
    expect(story!.before).toMatchObject({ width: 900, height: 600, shown: true });
    expect(await list('approved')).toEqual([]);
    expect(await storedPhotos()).toBe(2);
    expect((await call('GET', story!.before!.url)).headers.get('content-type')).toBe('image/jpeg');

    const approve = { name: 'Maria G.', city: 'round-rock', service: 'water-heater-services', story: story!.story, showBefore: false, showAfter: true, featured: true, status: 'approved' };
    const approved = await call('PUT', `/api/admin/success-stories/${story!.id}`, approve);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: 'approved', approvedBy: clerk, featured: true, before: { shown: false }, after: { shown: true } });
    const requests = await db.selectFrom('publish_requests').select(['kind', 'label']).where('kind', '=', 'success-story').execute();
    expect(requests).toEqual([{ kind: 'success-story', label: 'Success story approved: Maria G., Round Rock' }]);
    const down = await call('PUT', `/api/admin/success-stories/${story!.id}`, { ...approve, status: 'pending' });
    expect((await down.json()).status).toBe('pending');
    expect((await call('DELETE', `/api/admin/success-stories/${story!.id}`, {})).status).toBe(200);
    expect(await storedPhotos()).toBe(0);
    const actions = await db.selectFrom('audit_log').select('action').where('entity', '=', 'success_story').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['story.approve', 'story.unapprove', 'story.delete']);
    expect(await db.selectFrom('publish_requests').select('id').where('kind', '=', 'success-story').execute()).toHaveLength(2);
  });

  test('consent and the fields are required; spam is kept, never listed as waiting, and cannot be approved', async () => {
    await expectRefused(await send(fields({ consent: '' })), 400, /Tick the box/);
    const { consent: _, ...withoutConsent } = fields();
    await expectRefused(await send(withoutConsent), 400, /Tick the box/);
    await expectRefused(await send(fields({ city: 'dallas' })), 400, /city/);
    await expectRefused(await send(fields({ service: 'plumber-austin' })), 400, /service/);
    await expectRefused(await send(fields({ story: 'Too short' })), 400, /at least 20/);
    expect((await send(fields({ website: 'https://spam.example', name: 'Bot' }))).status).toBe(200);
    expect((await send(fields({ formStartTime: String(Date.now()), name: 'Fast bot' }))).status).toBe(200);
    expect((await list('pending')).map((s) => s.name)).not.toContain('Bot');
    const spam = await list('spam');
    expect(spam.map((s) => s.name).sort()).toEqual(['Bot', 'Fast bot']);
    await expectRefused(await call('PUT', `/api/admin/success-stories/${spam[0]!.id}`, { name: 'Bot', city: 'austin', service: 'leak-repair', story: spam[0]!.story, showBefore: true, showAfter: true, featured: false, status: 'approved' }), 409, /marked as spam/);
  });

  test('photo safety: SVG, wrong magic bytes, oversize and a decompression bomb are refused with a 4xx and store nothing', async () => {
    const before = await storedPhotos();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    await expectRefused(await send(fields(), { beforePhoto: [svg, 'x.svg', 'image/svg+xml'] }), 415, /not SVG/);
    await expectRefused(await send(fields(), { afterPhoto: [new TextEncoder().encode('not an image'), 'x.jpg', 'image/jpeg'] }), 415);
    const big = new Uint8Array(6 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expectRefused(await send(fields(), { beforePhoto: big }), 413, /larger than 6 MB/);
    const bomb = pngClaiming(60_000, 60_000);
    await expectRefused(await send(fields(), { beforePhoto: [bomb, 'bomb.png', 'image/png'] }), 413, /50 million pixels/);
    // A good photo with a bad one: neither is kept.
    await expectRefused(await send(fields(), { beforePhoto: photo, afterPhoto: [svg, 'x.svg', 'image/svg+xml'] }), 415);
    expect(await storedPhotos()).toBe(before);
  }, 60_000);

  test('more than 5 stories from one client in 10 minutes get a 429: the 6th is the first refused', async () => {
    await clearOfWindowEdge(leadRateLimit.windowSeconds);
    delete process.env.RATE_LIMIT_DISABLED;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await send(fields({ name: `Limit ${i}` }), {}, { 'x-nf-client-connection-ip': '203.0.113.9' })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    } finally {
      process.env.RATE_LIMIT_DISABLED = '1';
    }
  });

  test('hostile input on every new endpoint gets a 4xx with a sentence, never a 500, and changes nothing', async () => {
    await send(fields({ name: 'Hostile target' }));
    const existing = await db.selectFrom('success_stories').select('id').orderBy('id').executeTakeFirstOrThrow();
    const snapshot = async () => ({ stories: await db.selectFrom('success_stories').selectAll().orderBy('id').execute(), audit: (await db.selectFrom('audit_log').select('id').execute()).length });
    const before = await snapshot();
    const hostileValue = fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant('\u0000'), fc.constant("' or 1=1 --"), fc.constantFrom('approved', 'spam', 'austin', 'leak-repair'), fc.object({ maxDepth: 2 }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(adminStoryListContract, adminStoryUpdateContract, adminStoryDeleteContract, adminStoryPhotoContract),
        fc.dictionary(fc.constantFrom('name', 'city', 'service', 'story', 'showBefore', 'showAfter', 'featured', 'status', '__proto__'), hostileValue, { maxKeys: 5 }),
        fc.constantFrom(String(existing.id), '999999', '0', '-1', 'abc', '%00', 'a'.repeat(32)),
        (contract, input, id) => expectHostileAdminCallRefused(origin, cookie, contract, input, id),
      ),
      { numRuns: 80 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('name', 'city', 'service', 'story', 'consent', 'website', 'formStartTime', 'extra'), fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('\u0000', '-1', '1e99', 'yes', 'x'.repeat(3100))), { maxKeys: 8 }),
        async (values) => {
          const response = await send({ ...values, unexpected: '1' });
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect((await response.json()).error).toMatch(errorFormat);
        },
      ),
      { numRuns: 60 },
    );
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
