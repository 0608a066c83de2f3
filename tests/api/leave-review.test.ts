/**
 * Leaving a review and moderating it, over real HTTP on PostgreSQL and PGlite: a review with photos
 * waits for approval and staff are emailed through the outbox; a request's link pre-fills the form,
 * is marked opened, and a review through it is stored as `email_link` and ends the request; an
 * unknown or used link is answered plainly; a review without a link whose email matches a waiting
 * request ends that request; the lead form's rules apply (spam kept and never shown, a retried key
 * stored once, a reused key refused, a client over the limit refused); photos are checked (SVG,
 * wrong magic bytes, oversize, decompression bomb → 4xx, nothing stored); staff list, approve,
 * reply, feature (audited, publish requested) and only approved reviews reach GET /api/reviews;
 * hostile input at every new endpoint gets a 4xx and changes nothing.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminReviewListContract, adminReviewPhotoContract, adminReviewUpdateContract, type AdminReviewRow } from '../../src/lib/api/admin/reviews.contract';
import { upsertStaff } from '../../src/server/auth/staff.repository';
import { createDb } from '../../src/server/db/connect';
import type { Database } from '../../src/server/db/database';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { leadRateLimit } from '../../src/server/services/leads';
import { expectHostileAdminCallRefused } from '../support/hostile-admin-call';
import { pngClaiming } from '../support/image-bomb';
import { clearOfWindowEdge } from '../support/rate-window';
import { newReviewRequest } from '../support/review-request';
import { staffSignIn } from '../support/staff-sign-in';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const clerk = 'reviews.staff@example.com';

describe.each(testDatabaseKinds)('leaving and moderating reviews on %s', (kind) => {
  let site: TestSite;
  let db: Kysely<Database>;
  let origin: string;
  let cookie: string;
  let photo: Uint8Array;
  let mailDir: string;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    site = await startTestSiteOn(kind);
    origin = site.site.url;
    mailDir = path.join(site.dir, 'mail');
    process.env.MAIL_DIR = mailDir;
    process.env.UPLOAD_DIR = path.join(site.dir, 'uploads');
    process.env.UPLOAD_STORE = 'files';
    process.env.RATE_LIMIT_DISABLED = '1';
    delete process.env.SMTP_URL;
    db = createDb(site.site.database.env);
    await upsertStaff(db, { email: clerk, role: 'staff', addedBy: 'test' });
    cookie = await staffSignIn(origin, mailDir).signIn(clerk);
    photo = new Uint8Array(await sharp({ create: { width: 900, height: 600, channels: 3, background: '#336699' } }).jpeg().toBuffer());
  }, 120_000);
  afterAll(async () => {
    process.env = savedEnv;
    await db?.destroy();
    await site?.stop();
  });

  const fields = (extra: Record<string, string> = {}) => ({
    rating: '5', title: 'Fast and tidy', text: 'They cleared our kitchen drain the same afternoon and cleaned up after.', service: 'drain-cleaning', name: 'Ana P.',
    email: '', consent: 'yes', formStartTime: String(Date.now() - 60_000), website: '', ...extra,
  });
  const send = (values: Record<string, string>, files: Record<string, Uint8Array | [Uint8Array, string, string]> = {}, headers: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(values)) form.set(k, v);
    for (const [k, f] of Object.entries(files)) {
      const [bytes, name, type] = Array.isArray(f) ? f : [f, `${k}.jpg`, 'image/jpeg'];
      form.set(k, new File([bytes.slice()], name, { type }));
    }
    return fetch(`${origin}/api/leave-review`, { method: 'POST', headers: { Origin: origin, ...headers }, body: form });
  };
  const lookup = (token: string) => fetch(`${origin}/api/leave-review?token=${encodeURIComponent(token)}`);
  const call = (method: string, p: string, body?: unknown) =>
    fetch(`${origin}${p}`, { method, headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: origin }, body: body === undefined ? undefined : JSON.stringify(body) });
  const list = async (status: string): Promise<AdminReviewRow[]> => (await (await call('GET', `/api/admin/reviews?status=${status}`)).json()).reviews;
  const storedPhotos = async () => (await readdir(path.join(site.dir, 'uploads', 'reviews')).catch(() => [])).length;
  const expectRefused = async (response: Response, status: number, pattern?: RegExp) => {
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; fields?: Record<string, string> };
    expect(body.error).toMatch(errorFormat);
    if (pattern) expect(`${body.error} ${Object.values(body.fields ?? {}).join(' ')}`).toMatch(pattern);
  };

  test('a review with photos waits for approval, staff are emailed, and only once approved it reaches GET /api/reviews with its reply, featured first', async () => {
    const key = crypto.randomUUID();
    const marker = `Marker ${kind} ${Date.now()}`;
    const sent = await send(fields({ name: 'Ana P.', text: `${marker}: the kitchen drain cleared the same afternoon.`, email: 'Ana.P@example.com' }), { photo1: photo, photo2: photo }, { 'Idempotency-Key': key });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ ok: true, viaRequest: false });
    // A retry of the same review with the same key is stored once.
    expect((await send(fields({ name: 'Ana P.', text: `${marker}: the kitchen drain cleared the same afternoon.`, email: 'Ana.P@example.com' }), { photo1: photo, photo2: photo }, { 'Idempotency-Key': key })).status).toBe(200);
    await expectRefused(await send(fields({ text: 'A different review entirely, with the same key.' }), {}, { 'Idempotency-Key': key }), 422, /reused the key/);
    const waiting = (await list('pending')).filter((r) => r.text.startsWith(marker));
    expect(waiting).toHaveLength(1);
    const [review] = waiting;
    expect(review).toMatchObject({ rating: 5, title: 'Fast and tidy', authorName: 'Ana P.', email: 'ana.p@example.com', source: 'website', sourceLabel: 'Verified Customer', service: 'drain-cleaning', consentToPublish: true, featured: false, viaRequest: false });
    expect(review!.photos).toHaveLength(2);
    expect(review!.photos[0]).toMatchObject({ width: 900, height: 600 });
    expect(await storedPhotos()).toBe(2);
    expect((await call('GET', review!.photos[0]!.url)).headers.get('content-type')).toBe('image/jpeg');
    const outbox = await db.selectFrom('outbox_messages').select(['topic', 'payload']).where('topic', '=', 'staff-new-review').execute();
    expect(outbox).toHaveLength(1);
    expect(JSON.stringify(outbox[0]!.payload)).toContain(marker);
    // Not public while waiting: neither the review nor its photos.
    expect(JSON.stringify(await (await fetch(`${origin}/api/reviews`)).json())).not.toContain(marker);
    await expectRefused(await fetch(`${origin}/api/review-photos/${review!.photos[0]!.id}`), 404);

    const approved = await call('PATCH', `/api/admin/reviews/${review!.id}`, { status: 'approved', featured: true, reply: 'Thank you, Ana!' });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: 'approved', featured: true, moderatedBy: clerk, reply: { text: 'Thank you, Ana!', by: clerk } });
    const publicReviews = (await (await fetch(`${origin}/api/reviews?category=drain`)).json()) as { text: string; featured: boolean; reply: { text: string } | null; source: string; photos: { url: string }[] }[];
    // /api/reviews keeps an answer a minute per process; a new category query is read fresh.
    const mine = publicReviews.find((r) => r.text.startsWith(marker));
    expect(mine).toMatchObject({ featured: true, reply: { text: 'Thank you, Ana!' }, source: 'website' });
    expect(mine!.photos).toHaveLength(2);
    expect(JSON.stringify(mine)).not.toContain('ana.p@example.com');
    const publicPhoto = await fetch(`${origin}${mine!.photos[0]!.url}`);
    expect(publicPhoto.status).toBe(200);
    expect(publicPhoto.headers.get('content-type')).toBe('image/jpeg');
    await expectRefused(await fetch(`${origin}/api/review-photos/${'b'.repeat(32)}`), 404);
    await expectRefused(await fetch(`${origin}/api/review-photos/not-a-photo`), 404);
    expect(publicReviews[0]!.text.startsWith(marker)).toBe(true);
    const audit = await db.selectFrom('audit_log').select('action').where('entity', '=', 'review').where('entity_id', '=', String(review!.id)).execute();
    expect(audit.map((a) => a.action)).toEqual(['review.approve+review.feature+review.reply']);
    expect(await db.selectFrom('publish_requests').select('kind').where('kind', '=', 'review').execute()).toHaveLength(1);
  });

  test('a request link pre-fills name and service, is marked opened, and a review through it is email_link and ends the request; a used or unknown link is answered plainly', async () => {
    const request = await newReviewRequest(db, { name: 'Rosa Linda', email: `rosa.${kind}@example.com`, service: 'Drain cleaning' });
    const found = await lookup(request.token);
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toMatch(/no-store/);
    expect(await found.json()).toEqual({ found: true, name: 'Rosa', service: 'drain-cleaning' });
    const opened = await db.selectFrom('review_requests').select(['opened_at', 'status']).where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(opened.opened_at).not.toBeNull();
    expect(opened.status).toBe('waiting');

    const sent = await send(fields({ name: 'Rosa', token: request.token, rating: '4', text: 'Through the link: friendly, on time and the drain works.' }));
    expect(await sent.json()).toEqual({ ok: true, viaRequest: true });
    const after = await db.selectFrom('review_requests').select(['status', 'review_id', 'stop_reason', 'next_send_at']).where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'reviewed', stop_reason: 'review', next_send_at: null });
    const stored = await db.selectFrom('reviews').select(['source', 'review_request_id', 'status']).where('id', '=', after.review_id!).executeTakeFirstOrThrow();
    expect(stored).toEqual({ source: 'email_link', review_request_id: request.id, status: 'pending' });

    expect(await (await lookup(request.token)).json()).toEqual({ found: false, reason: 'used' });
    expect(await (await lookup('A'.repeat(43))).json()).toEqual({ found: false, reason: 'unknown' });
    await expectRefused(await lookup('short'), 400, /link is not complete/);
    // A used link still takes a review, as an open one.
    expect(await (await send(fields({ token: request.token, text: 'A second review with the same link.' }))).json()).toEqual({ ok: true, viaRequest: false });
  });

  test('a review without a link whose email matches a waiting request ends that request; spam does not', async () => {
    const request = await newReviewRequest(db, { name: 'Luis Ortega', email: `luis.${kind}@example.com` });
    expect((await send(fields({ email: `LUIS.${kind}@example.com`, website: 'https://spam.example' }))).status).toBe(200);
    expect((await db.selectFrom('review_requests').select('status').where('id', '=', request.id).executeTakeFirstOrThrow()).status).toBe('waiting');
    expect((await send(fields({ email: `LUIS.${kind}@example.com`, text: 'Luis here: the water heater is great.' }))).status).toBe(200);
    expect(await db.selectFrom('review_requests').select(['status', 'stop_reason']).where('id', '=', request.id).executeTakeFirstOrThrow()).toEqual({ status: 'stopped', stop_reason: 'review' });
  });

  test('the fields are checked; spam is kept, never listed as waiting, never emailed', async () => {
    await expectRefused(await send(fields({ rating: '6' })), 400, /1 to 5 stars/);
    await expectRefused(await send(fields({ rating: '' })), 400, /1 to 5 stars/);
    await expectRefused(await send(fields({ service: 'plumber-austin' })), 400, /service/);
    await expectRefused(await send(fields({ text: 'Short' })), 400, /at least 10/);
    await expectRefused(await send(fields({ email: 'not-an-email' })), 400, /valid email/);
    await expectRefused(await send(fields({ consent: 'maybe' })), 400);
    const mails = await db.selectFrom('outbox_messages').select('id').where('topic', '=', 'staff-new-review').execute();
    expect((await send(fields({ website: 'https://spam.example', name: 'Bot' }))).status).toBe(200);
    expect((await send(fields({ formStartTime: String(Date.now()), name: 'Fast bot' }))).status).toBe(200);
    expect((await list('pending')).map((s) => s.authorName)).not.toContain('Bot');
    expect((await list('spam')).map((s) => s.authorName)).toEqual(expect.arrayContaining(['Bot', 'Fast bot']));
    expect(await db.selectFrom('outbox_messages').select('id').where('topic', '=', 'staff-new-review').execute()).toHaveLength(mails.length);
    // Without consent it is stored for staff, and cannot be approved for the site.
    expect((await send(fields({ consent: '', name: 'Private Pat', text: 'Please only tell the owner: the tech was late.' }))).status).toBe(200);
    const [privateReview] = (await list('pending')).filter((r) => r.authorName === 'Private Pat');
    expect(privateReview!.consentToPublish).toBe(false);
    await expectRefused(await call('PATCH', `/api/admin/reviews/${privateReview!.id}`, { status: 'approved' }), 409, /did not agree/);
    expect((await call('PATCH', `/api/admin/reviews/${privateReview!.id}`, { status: 'rejected' })).status).toBe(200);
  });

  test('photo safety: SVG, wrong magic bytes, oversize and a decompression bomb are refused with a 4xx and store nothing', async () => {
    const before = await storedPhotos();
    const reviews = async () => (await db.selectFrom('reviews').select('id').execute()).length;
    const count = await reviews();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    await expectRefused(await send(fields(), { photo1: [svg, 'x.svg', 'image/svg+xml'] }), 415, /not SVG/);
    await expectRefused(await send(fields(), { photo2: [new TextEncoder().encode('not an image'), 'x.jpg', 'image/jpeg'] }), 415);
    const big = new Uint8Array(6 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expectRefused(await send(fields(), { photo1: big }), 413, /larger than 6 MB/);
    await expectRefused(await send(fields(), { photo1: [pngClaiming(60_000, 60_000), 'bomb.png', 'image/png'] }), 413, /50 million pixels/);
    // A good photo with a bad one: neither is kept.
    await expectRefused(await send(fields(), { photo1: photo, photo3: [svg, 'x.svg', 'image/svg+xml'] }), 415);
    await expectRefused(await send(fields(), { photo4: photo }), 400);
    expect(await storedPhotos()).toBe(before);
    expect(await reviews()).toBe(count);
  }, 60_000);

  test('more than 5 reviews from one client in 10 minutes get a 429', async () => {
    await clearOfWindowEdge(leadRateLimit.windowSeconds);
    delete process.env.RATE_LIMIT_DISABLED;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await send(fields({ name: `Limit ${i}` }), {}, { 'x-nf-client-connection-ip': '203.0.113.77' })).status);
      expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      process.env.RATE_LIMIT_DISABLED = '1';
    }
  });

  test('staff endpoints: the list filters and sorts, a photo id that is not stored is a 404, and a signed-out visitor gets a 401', async () => {
    expect((await fetch(`${origin}/api/admin/reviews`)).status).toBe(401);
    expect((await fetch(`${origin}/api/admin/reviews/1`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Origin: origin }, body: '{"status":"approved"}' })).status).toBe(401);
    expect((await fetch(`${origin}/api/admin/reviews/1`, { method: 'PATCH', headers: { 'Content-Type': 'application/json', Cookie: cookie, Origin: 'https://evil.example' }, body: '{"status":"approved"}' })).status).toBe(403);
    const all = await (await call('GET', '/api/admin/reviews?status=all&sort=rating-low')).json();
    expect(Object.keys(all.counts).sort()).toEqual(['approved', 'pending', 'rejected', 'spam']);
    const pendingFirst = all.reviews.findIndex((r: AdminReviewRow) => r.status !== 'pending');
    expect(all.reviews.slice(pendingFirst).some((r: AdminReviewRow) => r.status === 'pending')).toBe(false);
    await expectRefused(await call('GET', `/api/admin/reviews/photos/${'a'.repeat(32)}`), 404);
    await expectRefused(await call('GET', '/api/admin/reviews?status=published'), 400);
    await expectRefused(await call('PATCH', '/api/admin/reviews/999999', { status: 'approved' }), 404);
    await expectRefused(await call('PATCH', '/api/admin/reviews/1', {}), 400, /Send a status/);
  });

  test('hostile input on every new endpoint gets a 4xx with a sentence, never a 500, and changes nothing', async () => {
    await send(fields({ name: 'Hostile target' }));
    const existing = await db.selectFrom('reviews').select('id').orderBy('id').executeTakeFirstOrThrow();
    const snapshot = async () => ({
      reviews: await db.selectFrom('reviews').selectAll().orderBy('id').execute(),
      requests: await db.selectFrom('review_requests').selectAll().orderBy('id').execute(),
      audit: (await db.selectFrom('audit_log').select('id').execute()).length,
    });
    const before = await snapshot();
    const hostileValue = fc.oneof(fc.string({ maxLength: 300 }), fc.integer(), fc.boolean(), fc.constant(null), fc.constant('\u0000'), fc.constant("' or 1=1 --"), fc.constantFrom('approved', 'spam', 'all', 'x'.repeat(2100)), fc.object({ maxDepth: 2 }));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(adminReviewListContract, adminReviewUpdateContract, adminReviewPhotoContract),
        fc.dictionary(fc.constantFrom('status', 'featured', 'reply', 'sort', '__proto__', 'extra'), hostileValue, { maxKeys: 4 }),
        fc.constantFrom(String(existing.id), '999999', '0', '-1', 'abc', '%00', 'a'.repeat(32)),
        (contract, input, id) => expectHostileAdminCallRefused(origin, cookie, contract, input, id),
      ),
      { numRuns: 80 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('rating', 'title', 'text', 'service', 'name', 'email', 'consent', 'token', 'website', 'formStartTime', 'extra'), fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('\u0000', '-1', '1e99', 'yes', '5', 'x'.repeat(3100), '../../etc/passwd')), { maxKeys: 9 }),
        async (values) => {
          const response = await send({ ...values, unexpected: '1' });
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect((await response.json()).error).toMatch(errorFormat);
        },
      ),
      { numRuns: 60 },
    );
    for (const token of ['', '%00', '../x', "' or 1=1 --", 'a'.repeat(65), 'a'.repeat(5000)]) {
      const response = await lookup(token);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const json = await fetch(`${origin}/api/leave-review`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify(fields()) });
    expect(json.status).toBe(415);
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
