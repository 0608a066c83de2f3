import { describe, expect, test } from 'vitest';
import { clientHash } from './client-hash';

describe('clientHash', () => {
  test('is stable for one address and secret, and differs with either', () => {
    const a = clientHash('203.0.113.7', 'one');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(clientHash('203.0.113.7', 'one')).toBe(a);
    expect(clientHash('203.0.113.7', 'two')).not.toBe(a);
    expect(clientHash('203.0.113.8', 'one')).not.toBe(a);
  });

  test('never contains the address, and works without a configured secret', () => {
    expect(clientHash('203.0.113.9', undefined)).not.toContain('203');
    expect(clientHash('203.0.113.9', '  ')).toBe(clientHash('203.0.113.9', undefined));
  });
});
