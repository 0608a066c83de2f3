import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import { countNotFoundPaths } from '../repositories/not-found-hit.repository';
import { describeNotFoundReport, notFoundLimits, recordNotFoundReport } from './not-found.service';

describe('describeNotFoundReport', () => {
  test('counts by path and keeps the address with its query', () => {
    expect(describeNotFoundReport({ requestedUrl: '/old-page?utm_source=x#top' })).toEqual({ path: '/old-page', requestedUrl: '/old-page?utm_source=x', referrer: null });
  });

  test('keeps only the origin and path of the referrer', () => {
    expect(describeNotFoundReport({ requestedUrl: '/x', referrer: 'https://www.google.com/search?q=my+name#frag' }).referrer).toBe('https://www.google.com/search');
  });

  test('drops a referrer that is not an http(s) URL', () => {
    for (const referrer of ['', 'not a url', 'javascript:alert(1)', 'android-app://com.google.android.gm/']) {
      expect(describeNotFoundReport({ requestedUrl: '/x', referrer }).referrer).toBeNull();
    }
  });
});

describeEachDatabase('recordNotFoundReport', (db) => {
  test('a client is limited to 30 reports in 10 minutes, then gets a 429', async () => {
    const now = new Date('2026-11-24T10:00:00Z');
    for (let i = 0; i < notFoundLimits.perClient; i++) await recordNotFoundReport(db(), { requestedUrl: `/gone-${i}` }, 'client-a', now);
    await expect(recordNotFoundReport(db(), { requestedUrl: '/one-more' }, 'client-a', now)).rejects.toMatchObject({ status: 429 });
    expect(await recordNotFoundReport(db(), { requestedUrl: '/one-more' }, 'client-b', now)).toBe(1);
  });

  test('when the log is full, new paths are not added but logged ones still count', async () => {
    await sql`insert into not_found_hits (path, last_requested_url) select '/filler-' || g, '/filler-' || g from generate_series(1, ${notFoundLimits.maxPaths}) as g`.execute(db());
    expect(await recordNotFoundReport(db(), { requestedUrl: '/brand-new' }, null)).toBe(0);
    expect(await recordNotFoundReport(db(), { requestedUrl: '/filler-7' }, null)).toBe(2);
    expect(await countNotFoundPaths(db())).toBeLessThanOrEqual(notFoundLimits.maxPaths + 31);
  });
});
