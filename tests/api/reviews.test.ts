import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { withScriptDb } from '../../scripts/lib/database-for-scripts';
import { reviewsContract } from '../../src/lib/api/reviews.contract';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { upsertExternalReview, type ExternalReview } from '../../src/server/repositories/review.repository';
import { errorFormat, startTestSiteOn, type TestSite } from '../support/test-site';

const stored: ExternalReview[] = [
  { source: 'google_places', external_id: 'places/a/reviews/1', rating: 5, text: 'New water heater in one afternoon.', author_name: 'Anonymous', profile_photo_url: 'https://lh3.googleusercontent.com/a/1', relative_time: 'a month ago', timestamp: 1_760_000_000, category: 'water-heater' },
  { source: 'website', external_id: 'site-1', rating: 4, text: 'Cleared the main drain.', author_name: 'Pat', profile_photo_url: null, relative_time: null, timestamp: 1_750_000_000, category: 'drain' },
  { source: 'yelp', external_id: 'yelp-1', rating: 2, text: 'Late, but fixed the leak.', author_name: 'Sam', profile_photo_url: null, relative_time: '3 months ago', timestamp: 1_740_000_000, category: 'leak' },
  { source: 'facebook', external_id: 'fb-1', rating: 5, text: 'Fast and tidy.', author_name: 'Lee', profile_photo_url: null, relative_time: null, timestamp: 1_770_000_000, category: 'general' },
];

/** GET with the path sent byte for byte (fetch would normalise it), answering status and body text. */
function rawGet(base: string, pathAndQuery: string): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path: pathAndQuery, method: 'GET', headers: { Accept: 'application/json' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(testDatabaseKinds)('GET /api/reviews on %s', (kind) => {
  let running: TestSite;
  let url: string;
  beforeAll(async () => {
    running = await startTestSiteOn(kind);
    url = `${running.site.url}/api/reviews`;
    await withScriptDb(running.database, async (db) => {
      for (const review of stored) await upsertExternalReview(db, review);
    });
  });
  afterAll(async () => {
    await running?.stop();
  });

  test('answers every stored review, best first, in SPEC §3 shape, cached 30 minutes', async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=1800');
    expect(response.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=1800');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = reviewsContract.response.parse(await response.json());
    expect(body.map((r) => r.text)).toEqual(['Fast and tidy.', 'New water heater in one afternoon.', 'Cleared the main drain.', 'Late, but fixed the leak.']);
    expect(body[1]).toMatchObject({ rating: 5, authorName: 'Anonymous', profilePhotoUrl: 'https://lh3.googleusercontent.com/a/1', relativeTime: 'a month ago', source: 'google_places', timestamp: 1_760_000_000, category: 'water-heater', isDemo: false });
    expect(body[2]!.relativeTime, 'computed when the provider gave none').toMatch(/ago$/);
  });

  test('filters by category and by minimum rating', async () => {
    const texts = async (query: string) => ((await (await fetch(`${url}?${query}`)).json()) as { text: string }[]).map((r) => r.text);
    expect(await texts('category=drain')).toEqual(['Cleared the main drain.']);
    expect(await texts('minRating=5')).toEqual(['Fast and tidy.', 'New water heater in one afternoon.']);
    expect(await texts('category=leak&minRating=4')).toEqual([]);
    expect(await texts('category=water-heater&minRating=4')).toEqual(['New water heater in one afternoon.']);
  });

  test('answers HEAD without a body and other methods with 405', async () => {
    const head = await fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await fetch(url, { method, headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD');
      expect((await response.json()).error).toMatch(errorFormat);
    }
  });

  test.each([
    ['minRating=0', 'minRating'], ['minRating=6', 'minRating'], ['minRating=4.5', 'minRating'], ['minRating=abc', 'minRating'],
    ['minRating=', 'minRating'], ['minRating=4&minRating=5', 'minRating'], ['minRating=%204', 'minRating'],
    ['category=Water%20Heater', 'category'], ['category=', 'category'], ['category=a--b', 'category'], [`category=${'a'.repeat(41)}`, 'category'],
    ["category=drain'%20OR%201=1--", 'category'], ['category=%3Cscript%3E', 'category'], ['category[]=drain', 'category[]'],
    ['limit=100', 'limit'], ['constructor=1', 'constructor'],
  ])('?%s answers 400 naming %s', async (query, field) => {
    const response = await fetch(`${url}?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = await response.json();
    expect(body.error).toMatch(errorFormat);
    expect(body.error).toContain(field);
    expect(Object.keys(body.fields)).toContain(field);
  });

  test('hostile, malformed and oversized query strings get a 4xx in the error format or a valid list, never a 500', async () => {
    const key = fc.oneof(fc.constantFrom('category', 'minRating', '__proto__', 'constructor', 'toString', 'category[]', ''), fc.string({ maxLength: 20 }));
    const value = fc.oneof(
      fc.constantFrom('4', '1', '5', 'drain', 'water-heater', "' OR 1=1 --", '%', '%zz', '%00', '%F0%9F%92%A9', '\u0000', 'NaN', '-1', '1e1', '0x4', '[]', '{}', 'null'),
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.integer().map(String),
      fc.nat(3000).map((n) => 'x'.repeat(n)),
    );
    const encode = fc.boolean();
    // Percent-encodes UTF-8 bytes; `all` false leaves printable ASCII raw (as a careless client would send it).
    const percent = (text: string, all: boolean) =>
      [...Buffer.from(text, 'utf8')].map((b) => (!all && b > 0x20 && b < 0x7f && b !== 0x23) || /[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('');
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value, encode), { maxLength: 6 }), async (pairs) => {
        const query = pairs.map(([k, v, all]) => `${percent(k, true)}=${percent(v, all)}`).join('&');
        const { status, body } = await rawGet(url, `/api/reviews?${query}`);
        expect(status).toBeLessThan(500);
        if (status === 200) {
          expect(reviewsContract.response.safeParse(JSON.parse(body)).success).toBe(true);
        } else {
          expect(status).toBeGreaterThanOrEqual(400);
          expect(JSON.parse(body).error).toMatch(errorFormat);
        }
      }),
      { numRuns: 150 },
    );
  });

  test('any valid category and minimum rating answers 200 with only matching reviews', async () => {
    const category = fc.stringMatching(/^[a-z0-9]{1,10}(?:-[a-z0-9]{1,10}){0,2}$/);
    await fc.assert(
      fc.asyncProperty(fc.option(category, { nil: undefined }), fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }), async (cat, min) => {
        const query = new URLSearchParams();
        if (cat !== undefined) query.set('category', cat);
        if (min !== undefined) query.set('minRating', String(min));
        const response = await fetch(`${url}?${query}`);
        expect(response.status).toBe(200);
        const reviews = reviewsContract.response.parse(await response.json());
        for (const r of reviews) {
          if (cat !== undefined) expect(r.category).toBe(cat);
          if (min !== undefined) expect(r.rating).toBeGreaterThanOrEqual(min);
        }
      }),
      { numRuns: 60 },
    );
  });

  test('a query longer than the server accepts is refused with a 4xx, not a 500', async () => {
    const { status } = await rawGet(url, `/api/reviews?category=${'a'.repeat(20_000)}`);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(500);
  });
});

describe('GET /api/reviews without a database', () => {
  test('answers 503 in the error format and logs why', async () => {
    const { default: reviews } = await import('../../netlify/functions/reviews');
    const saved = { url: process.env.DATABASE_URL, label: process.env.DB_LABEL };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Port 1 on loopback refuses connections at once.
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/none';
    delete process.env.DB_LABEL;
    try {
      const response = await reviews(new Request('http://localhost/api/reviews?minRating=4'));
      expect(response.status).toBe(503);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect((await response.json()).error).toMatch(/^503: Our system is not answering right now.*\(512\) 368-9159.*\(830\) 460-3565/);
      expect(String(logged.mock.calls[0]?.[0])).toContain('database unavailable');
    } finally {
      logged.mockRestore();
      if (saved.url === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved.url;
      if (saved.label !== undefined) process.env.DB_LABEL = saved.label;
    }
  });
});
