import { describe, expect, test } from 'vitest';
import { pageMetadataContract } from './api/page-metadata.contract';
import { isUsableCanonical, normalisePagePath, pageMetadataPath } from './page-metadata';

describe('normalisePagePath', () => {
  test.each([
    ['/drain-cleaning', '/drain-cleaning'],
    ['/Drain-Cleaning/', '/drain-cleaning'],
    ['/drain-cleaning.html', '/drain-cleaning'],
    ['/faq?utm_source=x#top', '/faq'],
    ['/', '/'],
    ['//', '/'],
    ['/commercial/restaurants/', '/commercial/restaurants'],
  ])('%s → %s', (input, expected) => {
    expect(normalisePagePath(input)).toBe(expected);
  });
});

describe('isUsableCanonical', () => {
  test('accepts absolute http(s) URLs and root-relative paths', () => {
    expect(isUsableCanonical('https://www.plumbersthatcare.com/drain-cleaning')).toBe(true);
    expect(isUsableCanonical('/drain-cleaning')).toBe(true);
  });

  test('refuses other schemes, protocol-relative URLs, bare words and spaces', () => {
    for (const value of ['javascript:alert(1)', '//evil.example/x', 'drain-cleaning', 'https://x.com/a b', 'ftp://x.com/', '']) {
      expect(isUsableCanonical(value), value).toBe(false);
    }
  });
});

test('the browser script asks the contract path', () => {
  expect(pageMetadataPath).toBe(pageMetadataContract.path);
});
