import { describe, expect, test, vi } from 'vitest';
import type { Review } from './api/reviews.contract';
import { chooseReviews, displayAuthorName, firstPartyRating, isFirstPartySource, ratingLabel, relativeTimeFrom, reviewsBlock, sourceLabel, type ReviewsQuery } from './reviews';

let nextId = 1;
const review = (rating: number, fields: Partial<Review> = {}): Review => ({
  id: nextId++,
  rating,
  text: 'Came out the same day and fixed it.',
  authorName: 'A Reviewer',
  profilePhotoUrl: null,
  relativeTime: 'a week ago',
  source: 'google_places',
  timestamp: 1_700_000_000,
  category: 'general',
  isDemo: false,
  title: null,
  featured: false,
  reply: null,
  photos: [],
  ...fields,
});

/** A stand-in for GET /api/reviews over a fixed list, recording each query. */
function listOver(all: Review[]) {
  const list = vi.fn(async (query: ReviewsQuery) =>
    all.filter((r) => (query.category === undefined || r.category === query.category) && (query.minRating === undefined || r.rating >= query.minRating)));
  return list;
}

describe('sourceLabel', () => {
  test.each([
    ['dataforseo', 'Google'], ['google_places', 'Google'], ['gmb_api', 'Google'],
    ['facebook', 'Facebook'], ['yelp', 'Yelp'],
    ['custom_review', 'Verified Customer'], ['email_link', 'Verified Customer'], ['website', 'Verified Customer'],
    ['angi', 'Review'], ['', 'Review'], ['__proto__', 'Review'], ['toString', 'Review'], ['GOOGLE_PLACES', 'Review'],
  ])('labels %j as %s', (source, label) => {
    expect(sourceLabel(source)).toBe(label);
  });
});

describe('isFirstPartySource', () => {
  test('is true only for reviews written to us directly', () => {
    expect(['website', 'custom_review', 'email_link'].every(isFirstPartySource)).toBe(true);
    expect(['google_places', 'dataforseo', 'gmb_api', 'facebook', 'yelp', 'other'].some(isFirstPartySource)).toBe(false);
  });
});

describe('displayAuthorName', () => {
  test('shows Anonymous as Google Customer', () => {
    expect(displayAuthorName('Anonymous')).toBe('Google Customer');
    expect(displayAuthorName(' anonymous ')).toBe('Google Customer');
  });
  test('shows a missing name as Google Customer', () => {
    expect(displayAuthorName('  ')).toBe('Google Customer');
  });
  test('keeps any other name as written', () => {
    expect(displayAuthorName('Maria G.')).toBe('Maria G.');
    expect(displayAuthorName('Anonymous Andy')).toBe('Anonymous Andy');
  });
});

describe('ratingLabel', () => {
  test('says the rating out of 5', () => {
    expect(ratingLabel(4)).toBe('Rated 4 out of 5');
  });
});

describe('relativeTimeFrom', () => {
  const now = Date.UTC(2026, 0, 31);
  const ago = (seconds: number) => Math.floor(now / 1000) - seconds;
  test.each([
    [60, 'today'], [86_400, 'a day ago'], [3 * 86_400, '3 days ago'], [7 * 86_400, 'a week ago'], [15 * 86_400, '2 weeks ago'],
    [45 * 86_400, 'a month ago'], [200 * 86_400, '6 months ago'], [400 * 86_400, 'a year ago'], [800 * 86_400, '2 years ago'],
  ])('%i seconds ago reads %s', (seconds, text) => {
    expect(relativeTimeFrom(ago(seconds), now)).toBe(text);
  });
  test('a time in the future reads today', () => {
    expect(relativeTimeFrom(ago(-5000), now)).toBe('today');
  });
});

describe('chooseReviews', () => {
  test('uses the SPEC constants: 3 reviews, minimum rating 4, fallback below 3', () => {
    expect(reviewsBlock).toMatchObject({ maxReviews: 3, defaultMinRating: 4, fallbackThreshold: 3, lazyLoadMargin: '200px', defaultHeading: 'What Our Customers Say' });
  });

  test('shows at most 3 of the category list when it has 3 or more at the minimum rating', async () => {
    const all = [review(5, { category: 'drain' }), review(4, { category: 'drain' }), review(5, { category: 'drain' }), review(4, { category: 'drain' }), review(5)];
    const list = listOver(all);
    const chosen = await chooseReviews(list, { category: 'drain' });
    expect(chosen).toEqual(all.slice(0, 3));
    expect(list.mock.calls).toEqual([[{ category: 'drain', minRating: 4 }]]);
  });

  test('falls back to the minimum rating alone when the category has fewer than 3', async () => {
    const all = [review(5, { category: 'drain' }), review(3, { category: 'drain' }), review(4, { category: 'leak' }), review(5, { category: 'gas' }), review(2)];
    const list = listOver(all);
    const chosen = await chooseReviews(list, { category: 'drain' });
    expect(chosen.map((r) => r.id)).toEqual([all[0]!.id, all[2]!.id, all[3]!.id]);
    expect(list.mock.calls).toEqual([[{ category: 'drain', minRating: 4 }], [{ minRating: 4 }]]);
  });

  test('falls back to every review, highest rating first, when still fewer than 3', async () => {
    const all = [review(2), review(5), review(3), review(1), review(4)];
    const list = listOver(all);
    const chosen = await chooseReviews(list, { category: 'drain' });
    expect(chosen.map((r) => r.rating)).toEqual([5, 4, 3]);
    expect(list.mock.calls).toEqual([[{ category: 'drain', minRating: 4 }], [{ minRating: 4 }], [{}]]);
  });

  test('without a category starts with the minimum rating (the home block)', async () => {
    const list = listOver([review(5), review(5), review(4)]);
    await chooseReviews(list);
    expect(list.mock.calls).toEqual([[{ minRating: 4 }]]);
  });

  test('honours another minimum rating', async () => {
    const list = listOver([review(5), review(5), review(5), review(4)]);
    expect((await chooseReviews(list, { minRating: 5 })).every((r) => r.rating === 5)).toBe(true);
  });

  test('shows fewer than 3 when fewer exist, and none when there are none', async () => {
    expect(await chooseReviews(listOver([review(2), review(3)]), {})).toHaveLength(2);
    expect(await chooseReviews(listOver([]), { category: 'drain' })).toEqual([]);
  });
});

describe('firstPartyRating', () => {
  test('averages first-party reviews only, to one decimal', () => {
    const reviews = [review(5, { source: 'website' }), review(4, { source: 'email_link' }), review(4, { source: 'custom_review' }), review(1, { source: 'google_places' })];
    expect(firstPartyRating(reviews)).toEqual({ ratingValue: 4.3, reviewCount: 3 });
  });
  test('is undefined when no first-party review is stored: no figure is ever made up', () => {
    expect(firstPartyRating([review(5), review(5, { source: 'yelp' })])).toBeUndefined();
    expect(firstPartyRating([])).toBeUndefined();
  });
});
