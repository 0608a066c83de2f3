import { describe, expect, test } from 'vitest';
import { track404Contract } from './track-404.contract';

describe('track404Contract', () => {
  test.each(['//evil.example/path', '/\\evil.example', 'https://evil.example/x', 'relative'])('refuses %s: only root-relative paths are logged', (requestedUrl) => {
    expect(track404Contract.request.safeParse({ requestedUrl }).success).toBe(false);
  });

  test('accepts a root-relative path with its query', () => {
    expect(track404Contract.request.safeParse({ requestedUrl: '/old-page?x=1' }).success).toBe(true);
  });
});
