import { describe, expect, test } from 'vitest';
import { bannerNeeded, readConsent, tagScriptUrl, tagsToLoad } from './consent';

const ids = { analytics: 'G-ABC123XYZ', adPixel: '123456789012345', sessionRecording: 'abcde12345' };
const store = (value: string | null) => ({ getItem: () => value });

describe('readConsent and bannerNeeded', () => {
  test('reads the two stored values', () => {
    expect(readConsent(store('accepted'))).toBe('accepted');
    expect(readConsent(store('declined'))).toBe('declined');
  });

  test('anything else, missing or unreadable storage counts as no choice, so the banner shows', () => {
    for (const storage of [store(null), store('yes'), store('ACCEPTED'), null, { getItem: () => { throw new Error('blocked'); } }]) {
      expect(readConsent(storage)).toBeNull();
      expect(bannerNeeded(readConsent(storage))).toBe(true);
    }
    expect(bannerNeeded('declined')).toBe(false);
  });
});

describe('tagsToLoad', () => {
  test('loads every configured tag once consent is accepted and GPC is off', () => {
    expect(tagsToLoad({ consent: 'accepted', globalPrivacyControl: undefined, ids })).toEqual([
      { name: 'analytics', id: 'G-ABC123XYZ' },
      { name: 'adPixel', id: '123456789012345' },
      { name: 'sessionRecording', id: 'abcde12345' },
    ]);
    expect(tagsToLoad({ consent: 'accepted', globalPrivacyControl: false, ids })).toHaveLength(3);
  });

  test('loads nothing without an accepted choice', () => {
    expect(tagsToLoad({ consent: null, globalPrivacyControl: false, ids })).toEqual([]);
    expect(tagsToLoad({ consent: 'declined', globalPrivacyControl: false, ids })).toEqual([]);
  });

  test('loads nothing when Global Privacy Control is on, even after Accept', () => {
    expect(tagsToLoad({ consent: 'accepted', globalPrivacyControl: true, ids })).toEqual([]);
  });

  test('loads only the tags whose ids are set and well formed', () => {
    expect(tagsToLoad({ consent: 'accepted', globalPrivacyControl: false, ids: {} })).toEqual([]);
    expect(tagsToLoad({ consent: 'accepted', globalPrivacyControl: false, ids: { analytics: '', adPixel: '  ', sessionRecording: undefined } })).toEqual([]);
    expect(tagsToLoad({ consent: 'accepted', globalPrivacyControl: false, ids: { analytics: 'G-1"><script>', adPixel: 'abc', sessionRecording: 'x/../y' } })).toEqual([]);
    expect(tagsToLoad({ consent: 'accepted', globalPrivacyControl: false, ids: { sessionRecording: ' abcde12345 ' } })).toEqual([{ name: 'sessionRecording', id: 'abcde12345' }]);
  });
});

describe('tagScriptUrl', () => {
  test('names each vendor script', () => {
    expect(tagScriptUrl('analytics', 'G-ABC123XYZ')).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ');
    expect(tagScriptUrl('adPixel', '123456789012345')).toBe('https://connect.facebook.net/en_US/fbevents.js');
    expect(tagScriptUrl('sessionRecording', 'abcde12345')).toBe('https://www.clarity.ms/tag/abcde12345');
  });
});
