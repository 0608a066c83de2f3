import { describe, expect, test } from 'vitest';
import { describeNotFoundReport } from './not-found.service';

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
