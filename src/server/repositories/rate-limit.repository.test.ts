import { expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import { countRequest, deleteOldCounters } from './rate-limit.repository';

const window = new Date('2026-11-21T12:00:00Z');
const nextWindow = new Date('2026-11-21T12:10:00Z');

describeEachDatabase('rate limit repository', (db) => {
  test('counts requests per bucket, client and window', async () => {
    expect(await countRequest(db(), 'leads', 'client-a', window)).toBe(1);
    expect(await countRequest(db(), 'leads', 'client-a', window)).toBe(2);
    expect(await countRequest(db(), 'leads', 'client-b', window)).toBe(1);
    expect(await countRequest(db(), 'other', 'client-a', window)).toBe(1);
    expect(await countRequest(db(), 'leads', 'client-a', nextWindow)).toBe(1);
  });

  test('concurrent requests are all counted', async () => {
    const counts = await Promise.all(Array.from({ length: 10 }, () => countRequest(db(), 'leads', 'client-c', window)));
    expect(counts.sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  test('deleteOldCounters removes windows that started before the cut-off', async () => {
    await countRequest(db(), 'leads', 'client-d', new Date('2026-01-01T00:00:00Z'));
    expect(await deleteOldCounters(db(), new Date('2026-02-01T00:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(await countRequest(db(), 'leads', 'client-d', new Date('2026-01-01T00:00:00Z'))).toBe(1);
  });
});
