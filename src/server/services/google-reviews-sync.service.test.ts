import { describe, expect, test } from 'vitest';
import { categorizeReviewText, googlePlacesConfig, toExternalReview } from './google-reviews-sync.service';

describe('googlePlacesConfig', () => {
  test('is undefined unless both the key and at least one place id are set', () => {
    expect(googlePlacesConfig({})).toBeUndefined();
    expect(googlePlacesConfig({ GOOGLE_PLACES_API_KEY: 'k' })).toBeUndefined();
    expect(googlePlacesConfig({ GOOGLE_PLACE_IDS: 'a,b' })).toBeUndefined();
    expect(googlePlacesConfig({ GOOGLE_PLACES_API_KEY: ' ', GOOGLE_PLACE_IDS: 'a' })).toBeUndefined();
    expect(googlePlacesConfig({ GOOGLE_PLACES_API_KEY: 'k', GOOGLE_PLACE_IDS: ' , ' })).toBeUndefined();
  });
  test('splits comma-separated place ids, drops blanks and repeats, and defaults to Google', () => {
    expect(googlePlacesConfig({ GOOGLE_PLACES_API_KEY: 'k', GOOGLE_PLACE_IDS: ' ChIJa , ChIJb,,ChIJa' })).toEqual({ apiKey: 'k', placeIds: ['ChIJa', 'ChIJb'], baseUrl: 'https://places.googleapis.com' });
  });
  test('uses GOOGLE_PLACES_BASE_URL without a trailing slash', () => {
    expect(googlePlacesConfig({ GOOGLE_PLACES_API_KEY: 'k', GOOGLE_PLACE_IDS: 'a', GOOGLE_PLACES_BASE_URL: 'http://127.0.0.1:4770/' })?.baseUrl).toBe('http://127.0.0.1:4770');
  });
});

describe('categorizeReviewText', () => {
  test.each([
    ['They replaced our gas water heater in a day.', 'water-heater'],
    ['No hot water on Sunday and they came out.', 'water-heater'],
    ['Fixed the garbage disposal quickly.', 'disposal'],
    ['Annual backflow test done right.', 'backflow'],
    ['Found the gas leak by the meter.', 'gas'],
    ['Our yard drain and standing water are gone.', 'drainage'],
    ['The kitchen drain was clogged again.', 'drain'],
    ['Slab leak found without tearing up the floor.', 'leak'],
    ['New toilet and bathroom faucet.', 'toilet-faucet'],
    ['They keep our restaurant running.', 'commercial'],
    ['Came out for an emergency at 2 am.', 'emergency'],
    ['Friendly and on time.', 'general'],
  ])('%s → %s', (text, category) => {
    expect(categorizeReviewText(text)).toBe(category);
  });
});

describe('toExternalReview', () => {
  const now = Date.UTC(2026, 5, 1);
  const google = {
    name: 'places/ChIJabc/reviews/Ci9DQUlR',
    relativePublishTimeDescription: 'a month ago',
    rating: 5,
    text: { text: 'Translated text', languageCode: 'en' },
    originalText: { text: 'Fixed our water heater the same day.', languageCode: 'en' },
    authorAttribution: { displayName: 'Pat R.', uri: 'https://www.google.com/maps/contrib/1', photoUri: 'https://lh3.googleusercontent.com/a/photo' },
    publishTime: '2026-04-30T15:04:05.123456Z',
    flagContentUri: 'https://www.google.com/local/review/rap/report',
    googleMapsUri: 'https://www.google.com/maps/reviews/data',
  };

  test('maps a Places (New) review to a row, keyed by its resource name', () => {
    expect(toExternalReview(google, now)).toEqual({
      source: 'google_places',
      external_id: 'places/ChIJabc/reviews/Ci9DQUlR',
      rating: 5,
      text: 'Fixed our water heater the same day.',
      author_name: 'Pat R.',
      profile_photo_url: 'https://lh3.googleusercontent.com/a/photo',
      relative_time: 'a month ago',
      timestamp: Math.floor(Date.parse('2026-04-30T15:04:05.123Z') / 1000),
      category: 'water-heater',
    });
  });

  test('names a reviewer without a name Anonymous, takes now for a missing time and drops a non-https photo', () => {
    const row = toExternalReview({ name: 'places/x/reviews/y', rating: 3, authorAttribution: { photoUri: 'javascript:alert(1)' } }, now);
    expect(row).toMatchObject({ author_name: 'Anonymous', text: '', profile_photo_url: null, relative_time: null, timestamp: now / 1000, category: 'general' });
  });

  test('refuses a review without a name or with a rating outside 1 to 5', () => {
    expect(toExternalReview({ rating: 5 })).toBeUndefined();
    expect(toExternalReview({ name: 'places/x/reviews/y', rating: 7 })).toBeUndefined();
    expect(toExternalReview({ name: 'places/x/reviews/y', rating: 4.5 })).toBeUndefined();
    expect(toExternalReview('junk')).toBeUndefined();
  });
});
