import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import { findNotFoundHit, listNotFoundHits, recordNotFoundHit } from './not-found-hit.repository';

describeEachDatabase('not-found hit repository', (db) => {
  test('the first hit of a path inserts it with a count of 1', async () => {
    expect(await recordNotFoundHit(db(), { path: '/old-page', requestedUrl: '/old-page?a=1', referrer: 'https://www.google.com/' })).toBe(1);
    expect(await findNotFoundHit(db(), '/old-page')).toMatchObject({ hits: 1, last_requested_url: '/old-page?a=1', last_referrer: 'https://www.google.com/' });
  });

  test('later hits count up, keep the latest address and the last known referrer', async () => {
    expect(await recordNotFoundHit(db(), { path: '/old-page', requestedUrl: '/old-page?b=2', referrer: null })).toBe(2);
    const row = await findNotFoundHit(db(), '/old-page');
    expect(row).toMatchObject({ hits: 2, last_requested_url: '/old-page?b=2', last_referrer: 'https://www.google.com/' });
    expect(row!.last_seen_at.getTime()).toBeGreaterThanOrEqual(row!.first_seen_at.getTime());
  });

  test('concurrent hits of one path are all counted', async () => {
    await Promise.all(Array.from({ length: 20 }, () => recordNotFoundHit(db(), { path: '/busy', requestedUrl: '/busy', referrer: null })));
    expect((await findNotFoundHit(db(), '/busy'))?.hits).toBe(20);
  });

  test('lists the most recently hit paths first', async () => {
    await recordNotFoundHit(db(), { path: '/latest', requestedUrl: '/latest', referrer: null });
    expect((await listNotFoundHits(db(), 2))[0]?.path).toBe('/latest');
  });

  test('the database bounds the stored lengths', async () => {
    await expect(recordNotFoundHit(db(), { path: `/${'x'.repeat(2048)}`, requestedUrl: '/x', referrer: null })).rejects.toThrow();
  });
});
