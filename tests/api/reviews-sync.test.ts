/**
 * The scheduled Google reviews sync against a local server that speaks the Places API (New):
 * GET /v1/places/{id} with X-Goog-Api-Key and X-Goog-FieldMask, Google's JSON reviews and errors.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { withScriptDb } from '../../scripts/lib/database-for-scripts';
import { findFreePort } from '../../scripts/lib/free-port';
import { reviewsContract } from '../../src/lib/api/reviews.contract';
import { testDatabaseKinds } from '../../src/server/db/test-databases';
import { startTestSiteOn, type TestSite } from '../support/test-site';

const apiKey = 'test-places-key-123';

interface GoogleReview {
  name: string;
  relativePublishTimeDescription: string;
  rating: number;
  text?: { text: string; languageCode: string };
  originalText?: { text: string; languageCode: string };
  authorAttribution: { displayName?: string; uri: string; photoUri?: string };
  publishTime: string;
  flagContentUri: string;
  googleMapsUri: string;
}

const googleReview = (place: string, id: string, rating: number, text: string, author?: string): GoogleReview => ({
  name: `places/${place}/reviews/${id}`,
  relativePublishTimeDescription: '2 weeks ago',
  rating,
  text: { text, languageCode: 'en' },
  originalText: { text, languageCode: 'en' },
  authorAttribution: { ...(author ? { displayName: author } : {}), uri: `https://www.google.com/maps/contrib/${id}`, photoUri: `https://lh3.googleusercontent.com/a-/${id}` },
  publishTime: '2026-10-01T16:20:00.123456789Z',
  flagContentUri: 'https://www.google.com/local/review/rap/report?postId=x',
  googleMapsUri: `https://www.google.com/maps/reviews/data=${id}`,
});

/** A local stand-in for places.googleapis.com with the same paths, headers and error bodies. */
class FakePlacesApi {
  readonly requests: { path: string; headers: IncomingHttpHeaders }[] = [];
  places = new Map<string, GoogleReview[]>();
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      this.requests.push({ path: req.url ?? '', headers: req.headers });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(body));
      };
      const error = (code: number, status: string, message: string) => reply(code, { error: { code, message, status } });
      const match = /^\/v1\/places\/([^/?]+)$/.exec(req.url ?? '');
      if (req.method !== 'GET' || !match) return error(404, 'NOT_FOUND', 'Method not found.');
      if (req.headers['x-goog-api-key'] !== apiKey) return error(403, 'PERMISSION_DENIED', 'The provided API key is invalid.');
      if (!req.headers['x-goog-fieldmask']) return error(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it.');
      const placeId = decodeURIComponent(match[1]!);
      if (placeId === 'ChIJQuotaExceeded') return error(429, 'RESOURCE_EXHAUSTED', "Quota exceeded for quota metric 'Place Details requests'.");
      const reviews = this.places.get(placeId);
      if (!reviews) return error(404, 'NOT_FOUND', `Place ID '${placeId}' is not found.`);
      // A field mask of `reviews` returns only that field, and omits it when the place has none.
      return reply(200, reviews.length ? { reviews } : {});
    });
    const port = await findFreePort();
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

type SyncFunction = () => Promise<Response>;

describe.each(testDatabaseKinds)('the daily Google reviews sync on %s', (kind) => {
  const google = new FakePlacesApi();
  let running: TestSite;
  let sync: SyncFunction;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    await google.start();
    running = await startTestSiteOn(kind);
    ({ default: sync } = (await import('../../netlify/functions/reviews-sync')) as { default: SyncFunction });
  });
  afterEach(() => {
    for (const key of ['GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACE_IDS', 'GOOGLE_PLACES_BASE_URL']) {
      if (savedEnv[key] === undefined) delete process.env[key];
      else process.env[key] = savedEnv[key];
    }
  });
  afterAll(async () => {
    await running?.stop();
    await google.stop();
  });

  const configure = (placeIds: string) => {
    process.env.GOOGLE_PLACES_API_KEY = apiKey;
    process.env.GOOGLE_PLACE_IDS = placeIds;
    process.env.GOOGLE_PLACES_BASE_URL = google.url;
  };
  const storedGoogleReviews = () =>
    withScriptDb(running.database, (db) => db.selectFrom('reviews').selectAll().where('source', '=', 'google_places').orderBy('external_id').execute());

  test('does nothing and calls nobody when the key or the place ids are not set', async () => {
    delete process.env.GOOGLE_PLACES_API_KEY;
    process.env.GOOGLE_PLACE_IDS = 'ChIJAustin';
    const response = await sync();
    expect(await response.json()).toEqual({ skipped: true });
    expect(google.requests).toHaveLength(0);
  });

  test('stores each place\'s reviews with the Places headers; a re-run updates them without duplicates', async () => {
    google.places.set('ChIJAustin', [
      googleReview('ChIJAustin', 'r1', 5, 'Replaced our water heater the same day.', 'Jordan P.'),
      googleReview('ChIJAustin', 'r2', 4, 'Cleared a stubborn kitchen drain.'),
    ]);
    google.places.set('ChIJMarbleFalls', [googleReview('ChIJMarbleFalls', 'r3', 5, 'Found the slab leak fast.', 'Casey')]);
    configure('ChIJAustin,ChIJMarbleFalls');

    const first = await sync();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ places: 2, inserted: 3, updated: 0, skipped: 0, failed: [] });
    const calls = google.requests.splice(0);
    expect(calls.map((c) => c.path)).toEqual(['/v1/places/ChIJAustin', '/v1/places/ChIJMarbleFalls']);
    for (const call of calls) {
      expect(call.headers['x-goog-api-key']).toBe(apiKey);
      expect(call.headers['x-goog-fieldmask']).toBe('reviews');
    }
    const rows = await storedGoogleReviews();
    expect(rows.map((r) => [r.external_id, r.rating, r.author_name, r.category, r.is_first_party])).toEqual([
      ['places/ChIJAustin/reviews/r1', 5, 'Jordan P.', 'water-heater', false],
      ['places/ChIJAustin/reviews/r2', 4, 'Anonymous', 'drain', false],
      ['places/ChIJMarbleFalls/reviews/r3', 5, 'Casey', 'leak', false],
    ]);
    expect(Number(rows[0]!.timestamp)).toBe(Math.floor(Date.parse('2026-10-01T16:20:00.123Z') / 1000));
    expect(rows[0]!.profile_photo_url).toBe('https://lh3.googleusercontent.com/a-/r1');

    google.places.set('ChIJAustin', [
      { ...googleReview('ChIJAustin', 'r1', 4, 'Replaced our water heater the same day. Edited: still going strong.', 'Jordan P.'), relativePublishTimeDescription: 'a month ago' },
      googleReview('ChIJAustin', 'r2', 4, 'Cleared a stubborn kitchen drain.'),
    ]);
    const second = await sync();
    expect(await second.json()).toEqual({ places: 2, inserted: 0, updated: 3, skipped: 0, failed: [] });
    expect(google.requests.splice(0)).toHaveLength(2);
    const again = await storedGoogleReviews();
    expect(again).toHaveLength(3);
    expect(again[0]).toMatchObject({ rating: 4, text: 'Replaced our water heater the same day. Edited: still going strong.', relative_time: 'a month ago' });

    // The synced reviews reach the public API with their label's source and 'Anonymous' kept for the block to rename.
    const listed = reviewsContract.response.parse(await (await fetch(`${running.site.url}/api/reviews?category=drain`)).json());
    expect(listed).toEqual([expect.objectContaining({ authorName: 'Anonymous', source: 'google_places', relativeTime: '2 weeks ago' })]);
  });

  test('a place that answers an error is reported and logged without the key; the other places still sync', async () => {
    google.places.set('ChIJAustin', [googleReview('ChIJAustin', 'r4', 5, 'Friendly and on time.', 'Robin')]);
    configure('ChIJQuotaExceeded,ChIJUnknown,ChIJAustin,../../admin');
    const warned = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await sync();
      expect(response.status).toBe(200);
      const result = await response.json();
      expect(result).toMatchObject({ places: 1, inserted: 1, updated: 0, skipped: 0 });
      expect(result.failed).toEqual([
        { placeId: 'ChIJQuotaExceeded', status: 429, reason: "RESOURCE_EXHAUSTED: Quota exceeded for quota metric 'Place Details requests'." },
        { placeId: 'ChIJUnknown', status: 404, reason: "NOT_FOUND: Place ID 'ChIJUnknown' is not found." },
        { placeId: '../../admin', status: 0, reason: expect.stringContaining('not a Google place id') },
      ]);
      expect(google.requests.splice(0).map((r) => r.path), 'an id that is not a place id is never requested').toEqual(['/v1/places/ChIJQuotaExceeded', '/v1/places/ChIJUnknown', '/v1/places/ChIJAustin']);
      const logs = warned.mock.calls.map((c) => String(c[0])).join('\n');
      expect(logs).toContain('Google Places answer failed');
      expect(logs).not.toContain(apiKey);
    } finally {
      warned.mockRestore();
    }
  });

  test('a wrong key fails every place: the run answers 502 and stores nothing', async () => {
    configure('ChIJAustin');
    process.env.GOOGLE_PLACES_API_KEY = 'wrong-key';
    const before = await storedGoogleReviews();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await sync();
      expect(response.status).toBe(502);
      expect((await response.json()).failed).toEqual([{ placeId: 'ChIJAustin', status: 403, reason: 'PERMISSION_DENIED: The provided API key is invalid.' }]);
    } finally {
      quiet.mockRestore();
    }
    expect(await storedGoogleReviews()).toEqual(before);
    google.requests.splice(0);
  });

  test('reviews of an unexpected shape are skipped, and a place without reviews is fine', async () => {
    google.places.set('ChIJOdd', [{ ...googleReview('ChIJOdd', 'bad', 5, 'x'), rating: 9 }, googleReview('ChIJOdd', 'ok', 3, 'Fair price for a new toilet.')]);
    google.places.set('ChIJEmpty', []);
    configure('ChIJOdd,ChIJEmpty');
    expect(await (await sync()).json()).toEqual({ places: 2, inserted: 1, updated: 0, skipped: 1, failed: [] });
    google.requests.splice(0);
  });

  test('an unreachable Places API is reported, not thrown', async () => {
    configure('ChIJAustin');
    process.env.GOOGLE_PLACES_BASE_URL = 'http://127.0.0.1:1';
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const response = await sync();
      expect(response.status).toBe(502);
      expect((await response.json()).failed[0]).toMatchObject({ placeId: 'ChIJAustin', status: 0, reason: expect.stringContaining('could not be reached') });
    } finally {
      quiet.mockRestore();
    }
  });
});
