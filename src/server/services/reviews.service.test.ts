import { describe, expect, test, vi } from 'vitest';
import type { Review } from '../../lib/api/reviews.contract';
import type { ReviewRow } from '../repositories/review.repository';
import { memoisedReviews, reviewsMemoSeconds, toPublicReview } from './reviews.service';

const row = (fields: Partial<ReviewRow> = {}): ReviewRow => ({
  id: 7,
  rating: 5,
  text: 'Fixed the leak.',
  author_name: 'Anonymous',
  profile_photo_url: null,
  relative_time: null,
  source: 'google_places',
  timestamp: '1700000000',
  category: 'leak',
  external_id: 'x',
  is_first_party: false,
  is_demo: false,
  created_at: new Date(),
  updated_at: new Date(),
  status: 'approved', spam_reason: null, title: null, service: null, email: null, consent_to_publish: true, photos: [],
  reply_text: null, reply_by: null, reply_at: null, featured: false, review_request_id: null, client_hash: null,
  idempotency_key: null, request_hash: null, moderated_by: null, moderated_at: null,
  ...fields,
});

describe('toPublicReview', () => {
  test('turns a row into SPEC §3 fields, with the timestamp as a number of seconds', () => {
    expect(toPublicReview(row(), Date.UTC(2023, 11, 20))).toEqual({
      id: 7, rating: 5, text: 'Fixed the leak.', authorName: 'Anonymous', profilePhotoUrl: null, relativeTime: 'a month ago',
      source: 'google_places', timestamp: 1_700_000_000, category: 'leak', isDemo: false, title: null, featured: false, reply: null, photos: [],
    });
  });
  test('keeps the provider\'s own wording of the age', () => {
    expect(toPublicReview(row({ relative_time: '3 weeks ago' })).relativeTime).toBe('3 weeks ago');
  });
});

describe('memoisedReviews', () => {
  const env = { DATABASE_URL: 'postgres://memo-test' };
  const answer: Review[] = [toPublicReview(row())];

  test('reads once for repeated and concurrent requests within a minute, then again', async () => {
    const read = vi.fn(async () => answer);
    const now = 1_000_000;
    await Promise.all([memoisedReviews({ minRating: 4 }, read, { env, nowMs: now }), memoisedReviews({ minRating: 4 }, read, { env, nowMs: now })]);
    await memoisedReviews({ minRating: 4 }, read, { env, nowMs: now + (reviewsMemoSeconds - 1) * 1000 });
    expect(read).toHaveBeenCalledTimes(1);
    await memoisedReviews({ minRating: 4 }, read, { env, nowMs: now + reviewsMemoSeconds * 1000 });
    expect(read).toHaveBeenCalledTimes(2);
  });

  test('keeps queries and databases apart', async () => {
    const read = vi.fn(async () => answer);
    await memoisedReviews({ category: 'leak' }, read, { env, nowMs: 5 });
    await memoisedReviews({ category: 'drain' }, read, { env, nowMs: 5 });
    await memoisedReviews({ category: 'leak' }, read, { env: { DATABASE_URL: 'postgres://other' }, nowMs: 5 });
    expect(read).toHaveBeenCalledTimes(3);
  });

  test('does not keep a failed read', async () => {
    const failing = vi.fn(async (): Promise<Review[]> => {
      throw new Error('down');
    });
    await expect(memoisedReviews({ category: 'gas' }, failing, { env, nowMs: 9 })).rejects.toThrow('down');
    const read = vi.fn(async () => answer);
    await expect(memoisedReviews({ category: 'gas' }, read, { env, nowMs: 10 })).resolves.toBe(answer);
  });
});
