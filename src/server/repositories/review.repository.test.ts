import { beforeEach, expect, test } from 'vitest';
import { describeEachDatabase } from '../db/test-databases';
import { insertDemoReviews, listFirstPartyReviews, listReviews, reviewFiguresBySource, upsertExternalReview, type ExternalReview } from './review.repository';

const review = (externalId: string, fields: Partial<ExternalReview> = {}): ExternalReview => ({
  source: 'google_places',
  external_id: externalId,
  rating: 5,
  text: `Review ${externalId}`,
  author_name: 'A Reviewer',
  profile_photo_url: null,
  relative_time: null,
  timestamp: 1_700_000_000,
  category: 'general',
  ...fields,
});

describeEachDatabase('review repository', (db) => {
  beforeEach(async () => {
    await db().deleteFrom('reviews').execute();
  });

  test('upsertExternalReview inserts a new review and reads it back with its SPEC fields', async () => {
    expect(await upsertExternalReview(db(), review('g-1', { category: 'water-heater', relative_time: 'a month ago' }))).toBe('inserted');
    const [row] = await listReviews(db(), { limit: 10 });
    expect(row).toMatchObject({ rating: 5, text: 'Review g-1', author_name: 'A Reviewer', source: 'google_places', category: 'water-heater', relative_time: 'a month ago', is_demo: false, is_first_party: false });
    expect(Number(row!.timestamp)).toBe(1_700_000_000);
  });

  test('upsertExternalReview updates the stored copy on a re-run instead of adding a duplicate, and keeps its category', async () => {
    await upsertExternalReview(db(), review('g-2', { category: 'drain' }));
    expect(await upsertExternalReview(db(), review('g-2', { text: 'Edited by the reviewer', rating: 4, category: 'general', relative_time: '2 months ago' }))).toBe('updated');
    const rows = await listReviews(db(), { limit: 10 });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ text: 'Edited by the reviewer', rating: 4, category: 'drain', relative_time: '2 months ago' });
  });

  test('the same external id from two sources is two reviews', async () => {
    await upsertExternalReview(db(), review('same'));
    expect(await upsertExternalReview(db(), review('same', { source: 'yelp' }))).toBe('inserted');
    expect(await listReviews(db(), { limit: 10 })).toHaveLength(2);
  });

  test('listReviews filters by category and minimum rating, best and newest first, and leaves out rating-only reviews', async () => {
    await upsertExternalReview(db(), review('old-5', { rating: 5, timestamp: 1_600_000_000, category: 'drain' }));
    await upsertExternalReview(db(), review('new-5', { rating: 5, timestamp: 1_700_000_000, category: 'drain' }));
    await upsertExternalReview(db(), review('four', { rating: 4, category: 'drain' }));
    await upsertExternalReview(db(), review('three', { rating: 3, category: 'leak' }));
    await upsertExternalReview(db(), review('blank', { rating: 5, text: '   ' }));

    expect((await listReviews(db(), { limit: 10 })).map((r) => r.external_id)).toEqual(['new-5', 'old-5', 'four', 'three']);
    expect((await listReviews(db(), { minRating: 4, limit: 10 })).map((r) => r.external_id)).toEqual(['new-5', 'old-5', 'four']);
    expect((await listReviews(db(), { category: 'leak', limit: 10 })).map((r) => r.external_id)).toEqual(['three']);
    expect((await listReviews(db(), { category: 'leak', minRating: 4, limit: 10 }))).toEqual([]);
    expect((await listReviews(db(), { limit: 2 })).map((r) => r.external_id)).toEqual(['new-5', 'old-5']);
  });

  test('the database marks website, custom_review and email_link reviews as first-party', async () => {
    for (const source of ['website', 'custom_review', 'email_link', 'google_places', 'yelp', 'facebook']) {
      await upsertExternalReview(db(), review(`fp-${source}`, { source }));
    }
    expect((await listFirstPartyReviews(db())).map((r) => r.source).sort()).toEqual(['custom_review', 'email_link', 'website']);
  });

  test('the database refuses a rating outside 1 to 5', async () => {
    await expect(upsertExternalReview(db(), review('bad', { rating: 6 }))).rejects.toThrow();
    await expect(upsertExternalReview(db(), review('bad', { rating: 0 }))).rejects.toThrow();
  });

  test('insertDemoReviews flags rows as demo and adds each only once', async () => {
    const demo = [review('demo-1', { source: 'website' }), review('demo-2')];
    expect(await insertDemoReviews(db(), demo)).toBe(2);
    expect(await insertDemoReviews(db(), demo)).toBe(0);
    const rows = await listReviews(db(), { limit: 10 });
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.is_demo)).toBe(true);
  });
});

describeEachDatabase('review moderation in the repository', (db) => {
  beforeEach(async () => {
    await db().deleteFrom('reviews').execute();
  });

  const own = (id: string, status: 'pending' | 'approved' | 'rejected' | 'spam', rating: number, fields: Record<string, unknown> = {}) =>
    db().insertInto('reviews').values({
      rating, text: `Own review ${id}`, author_name: `Reviewer ${id}`, source: 'website', timestamp: 1_700_000_000, external_id: id, status, photos: '[]', ...fields,
    }).returning('id').executeTakeFirstOrThrow();

  test('synced and older reviews are approved by default; only approved reviews are listed and rated', async () => {
    await upsertExternalReview(db(), review('g-ok'));
    const [synced] = await db().selectFrom('reviews').select(['status', 'featured', 'photos', 'consent_to_publish']).execute();
    expect(synced).toEqual({ status: 'approved', featured: false, photos: [], consent_to_publish: true });
    await own('a', 'approved', 5);
    await own('p', 'pending', 1);
    await own('r', 'rejected', 1);
    await own('s', 'spam', 1);
    expect((await listReviews(db(), { limit: 10 })).map((r) => r.external_id).sort()).toEqual(['a', 'g-ok']);
    expect((await listFirstPartyReviews(db())).map((r) => r.external_id)).toEqual(['a']);
  });

  test('a re-sync never changes a review staff rejected', async () => {
    await upsertExternalReview(db(), review('g-hidden'));
    await db().updateTable('reviews').set({ status: 'rejected' }).where('external_id', '=', 'g-hidden').execute();
    await upsertExternalReview(db(), review('g-hidden', { text: 'Edited' }));
    expect(await listReviews(db(), { limit: 10 })).toEqual([]);
  });

  test('a featured review comes first, whatever its rating', async () => {
    await own('five', 'approved', 5);
    await own('four-featured', 'approved', 4, { featured: true });
    expect((await listReviews(db(), { limit: 10 })).map((r) => r.external_id)).toEqual(['four-featured', 'five']);
  });

  test('the database refuses an unknown status', async () => {
    await expect(own('bad', 'published' as never, 5)).rejects.toThrow();
  });

  test('reviewFiguresBySource counts reviews left per source with their average rating, without spam or demo rows', async () => {
    await own('w1', 'approved', 5);
    await own('w2', 'pending', 2);
    await own('w3', 'spam', 1);
    await own('e1', 'approved', 4, { source: 'email_link' });
    await own('d1', 'approved', 1, { is_demo: true });
    expect(await reviewFiguresBySource(db())).toEqual([
      { source: 'email_link', count: 1, averageRating: 4, approved: 1 },
      { source: 'website', count: 2, averageRating: 3.5, approved: 1 },
    ]);
    expect(await reviewFiguresBySource(db(), { viaRequestsOnly: true })).toEqual([]);
    expect(await reviewFiguresBySource(db(), { since: new Date(Date.now() + 60_000) })).toEqual([]);
  });
});
