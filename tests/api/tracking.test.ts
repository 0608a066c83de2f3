/**
 * GET /api/tracking-numbers, GET /api/page-metadata and POST /api/track-404 over real HTTP, on
 * PGlite and on PostgreSQL: their answers, cache headers, and hostile input (fast-check) that must
 * always get a 4xx in the error format, never a 500.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { withScriptDb } from '../../scripts/lib/database-for-scripts';
import type { RunningSite } from '../../scripts/serve';
import { austinOffice } from '../../src/business';
import { trackingNumbersContract } from '../../src/lib/api/tracking-numbers.contract';
import { createTestSchema } from '../../src/server/db/test-databases';
import { findNotFoundHit } from '../../src/server/repositories/not-found-hit.repository';
import { savePageMetadataOverride } from '../../src/server/services/page-metadata.service';
import { seedDemoTrackingNumbers, seedTrackingChannels } from '../../src/server/services/tracking-number.service';
import { noDatabaseEnv, startTestSite } from '../support/test-site';

// [\s\S]: an echoed field name may hold line separators.
const errorFormat = /^4\d\d: [A-Z][\s\S]*[.?]$/;
const runs = { numRuns: 60 };
/** encodeURIComponent throws on a lone surrogate; send its (invalid) UTF-8 bytes instead. */
const encode = (text: string) => (/\p{Cs}/u.test(text) ? `${encodeURIComponent(text.replace(/\p{Cs}/gu, ''))}%ED%A0%80` : encodeURIComponent(text));

/** Any answer must be 2xx, or 4xx with `{ error: "4xx: Sentence." }`; a 5xx fails the property. */
async function expectNoServerError(response: Response): Promise<number> {
  const text = await response.text();
  expect(response.status, text).toBeLessThan(500);
  // Node's HTTP server (and Netlify's CDN) refuse an over-long address before any function runs.
  if (response.status === 431 || response.status === 414) return response.status;
  if (response.status >= 400) expect(JSON.parse(text).error, text).toMatch(errorFormat);
  return response.status;
}

/** Text made to hurt: control characters, lone surrogates, SQL, markup, huge and odd Unicode. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom("'; drop table not_found_hits; --", '<script>alert(1)</script>', '../../etc/passwd', '\u0000', '\ud800', '%00', '/%2e%2e/', '//evil.example/', '/a\u2028b', 'ｆｕｌｌ'),
  fc.string({ minLength: 2000, maxLength: 5000 }),
  fc.webPath(),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
);
const hostileJson = fc.oneof(
  fc.jsonValue(),
  fc.anything(),
  fc.record({ requestedUrl: fc.oneof(hostileText, fc.integer(), fc.constant(null), fc.array(fc.string())) }, { requiredKeys: [] }),
  fc.record({ requestedUrl: fc.webPath(), referrer: fc.oneof(hostileText, fc.boolean(), fc.dictionary(fc.string(), fc.string())) }, { requiredKeys: ['requestedUrl'] }),
  fc.record({ requestedUrl: fc.webPath(), extra: fc.anything() }),
);

for (const kind of ['pglite', 'postgres'] as const) {
  describe(`tracking endpoints on ${kind}`, () => {
    let site: RunningSite;
    let stop: () => Promise<void>;
    let dropSchema = async () => {};
    const withDb = <T>(fn: Parameters<typeof withScriptDb<T>>[1]) => withScriptDb(site.database, fn);

    beforeAll(async () => {
      let env: Record<string, string | undefined> = noDatabaseEnv;
      if (kind === 'postgres') {
        const schema = await createTestSchema();
        dropSchema = schema.drop;
        env = { ...noDatabaseEnv, DATABASE_URL: schema.url };
      }
      ({ site, stop } = await startTestSite(env));
      // Written before the first request: a function instance keeps these reads for 30 s.
      await withDb(async (db) => {
        await seedTrackingChannels(db);
        await seedDemoTrackingNumbers(db);
        await db.updateTable('tracking_numbers').set({ display_number: null, tel_link: null }).where('channel_key', '=', 'yelp').execute();
        await savePageMetadataOverride(db, '/faq', { title: 'Plumbing FAQ', description: 'Answers.', canonical: null });
      });
    });
    afterAll(async () => {
      await stop?.();
      await dropSchema();
    });

    const post404 = (body: string, headers: Record<string, string> = {}) => fetch(`${site.url}/api/track-404`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: site.url, ...headers },
      body,
    });

    test('GET /api/tracking-numbers lists the active channels with SPEC §5 tel: links, cached 5 minutes', async () => {
      const response = await fetch(`${site.url}/api/tracking-numbers`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=300');
      expect(response.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=300');
      const body = trackingNumbersContract.response.parse(await response.json());
      expect(body.trackingNumbers.map((t) => t.channelKey)).toEqual(['default', 'google', 'facebook', 'yelp', 'nextdoor']);
      expect(body.trackingNumbers[0]).toMatchObject({ isDefault: true, displayNumber: austinOffice.phone, telLink: 'tel:+15123689159' });
      expect(body.trackingNumbers[1]).toMatchObject({ displayNumber: '(512) 555-0101', telLink: 'tel:+15125550101' });
      expect(JSON.parse(body.trackingNumbers[1]!.detectionRules)).toEqual({ urlParams: ['gclid'], utmSources: ['google'], referrerIncludes: ['google.'] });
    });

    test('a channel without a number answers with the office number', async () => {
      const body = await (await fetch(`${site.url}/api/tracking-numbers`)).json();
      expect(body.trackingNumbers.find((t: { channelKey: string }) => t.channelKey === 'yelp')).toMatchObject({ displayNumber: austinOffice.phone, telLink: 'tel:+15123689159' });
    });

    test('GET /api/page-metadata answers null without an override and the override with one, cached 5 minutes', async () => {
      const none = await fetch(`${site.url}/api/page-metadata?path=/about`);
      expect(none.status).toBe(200);
      expect(await none.json()).toBeNull();
      expect(none.headers.get('cache-control')).toBe('public, max-age=300');

      const found = await fetch(`${site.url}/api/page-metadata?path=${encodeURIComponent('/faq/')}`);
      expect(await found.json()).toEqual({ title: 'Plumbing FAQ', description: 'Answers.', canonical: null });
    });

    test('GET /api/page-metadata refuses a missing or malformed path with a 400 naming the parameter', async () => {
      for (const query of ['', '?path=', '?path=faq', '?path=%2F%2Fevil.example', '?path=/a%20b', '?path=/a&path=/b', '?path=/faq&x=1', `?path=/${'a'.repeat(600)}`]) {
        const response = await fetch(`${site.url}/api/page-metadata${query}`);
        expect(response.status, query).toBe(400);
        const body = await response.json();
        expect(body.error, query).toMatch(/^400: Please check the query parameters? (path|x)/);
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    });

    test('POST /api/track-404 counts each report per path', async () => {
      for (let i = 0; i < 3; i++) {
        const response = await post404(JSON.stringify({ requestedUrl: '/no-such-page?ref=ad', referrer: 'https://www.google.com/search?q=private' }));
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ recorded: true });
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
      const hit = await withDb((db) => findNotFoundHit(db, '/no-such-page'));
      expect(hit).toMatchObject({ hits: 3, last_requested_url: '/no-such-page?ref=ad', last_referrer: 'https://www.google.com/search' });
    });

    test('POST /api/track-404 refuses reports from another site or with no Origin', async () => {
      for (const origin of ['https://evil.example', undefined]) {
        const response = await fetch(`${site.url}/api/track-404`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
          body: JSON.stringify({ requestedUrl: '/x' }),
        });
        expect(response.status).toBe(403);
        expect((await response.json()).error).toMatch(errorFormat);
      }
    });

    test('POST /api/track-404 names the field that is wrong', async () => {
      const response = await post404(JSON.stringify({ requestedUrl: 'https://evil.example/', referrer: 42, extra: true }));
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.fields).toEqual({
        requestedUrl: 'Send the missing address as a root-relative path with its query, such as /old-page?x=1 (not //host/...).',
        referrer: 'This must be text.',
        extra: 'This field is not accepted.',
      });
    });

    test('hostile queries at GET /api/tracking-numbers and GET /api/page-metadata never cause a 500', async () => {
      await fc.assert(fc.asyncProperty(fc.dictionary(hostileText, hostileText, { maxKeys: 4 }), fc.array(hostileText, { maxLength: 3 }), async (params, paths) => {
        const query = new URLSearchParams(params);
        for (const p of paths) query.append('path', p);
        await expectNoServerError(await fetch(`${site.url}/api/tracking-numbers?${query}`));
        await expectNoServerError(await fetch(`${site.url}/api/page-metadata?${query}`));
      }), runs);
    }, 90_000);

    test('hostile single paths at GET /api/page-metadata get 200 or a 400, never a 500', async () => {
      await fc.assert(fc.asyncProperty(hostileText, async (path) => {
        const status = await expectNoServerError(await fetch(`${site.url}/api/page-metadata?path=${encode(path)}`));
        expect([200, 400]).toContain(status);
      }), runs);
    }, 90_000);

    test('hostile JSON at POST /api/track-404 gets 200 or a 4xx, never a 500', async () => {
      await fc.assert(fc.asyncProperty(hostileJson, async (value) => {
        const body = JSON.stringify(value) ?? 'undefined';
        await expectNoServerError(await post404(body));
      }), runs);
    }, 90_000);

    test('malformed, oversized and wrongly typed bodies and other methods get a 4xx, never a 500', async () => {
      const attempts: [string, RequestInit][] = [
        ['/api/track-404', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: site.url }, body: '{"requestedUrl": "/x"' }],
        ['/api/track-404', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: site.url }, body: '' }],
        ['/api/track-404', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: site.url }, body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }],
        ['/api/track-404', { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: site.url }, body: JSON.stringify({ requestedUrl: `/${'x'.repeat(20_000)}` }) }],
        ['/api/track-404', { method: 'POST', headers: { 'Content-Type': 'text/plain', Origin: site.url }, body: '/x' }],
        ['/api/track-404', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x', Origin: site.url }, body: '--x--' }],
        ['/api/track-404', { method: 'GET' }],
        ['/api/track-404', { method: 'DELETE', headers: { Origin: site.url } }],
        ['/api/tracking-numbers', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }],
        ['/api/tracking-numbers', { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(64 * 1024) }],
        ['/api/page-metadata', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{"path":"/"}' }],
      ];
      for (const [path, init] of attempts) {
        const response = await fetch(`${site.url}${path}`, init);
        const status = await expectNoServerError(response);
        expect(status, `${init.method} ${path}`).toBeGreaterThanOrEqual(400);
      }
    });

    test('fast-check found nothing that reached the database badly: the table holds only valid paths', async () => {
      const rows = await withDb((db) => db.selectFrom('not_found_hits').select(['path', 'last_requested_url']).execute());
      for (const row of rows) {
        expect(row.path).toMatch(/^\/\S*$/);
        expect(row.last_requested_url.length).toBeLessThanOrEqual(2048);
      }
    });
  });
}
