import { describe, expect, test } from 'vitest';
import { clientHash, clientNetwork } from './client-hash';

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

describe('clientNetwork', () => {
  test.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:42:1:2:3:4', '2001:db8:85a3:42::/64'],
    ['2001:0db8:85a3:0042:ffff:2:3:4', '2001:db8:85a3:42::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['unknown', 'unknown'],
  ])('%s is counted as %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  test('two addresses in one IPv6 /64 share a hash; another /64 does not', () => {
    expect(clientHash('2001:db8:1:2::a', 's')).toBe(clientHash('2001:db8:1:2:ffff::b', 's'));
    expect(clientHash('2001:db8:1:3::a', 's')).not.toBe(clientHash('2001:db8:1:2::a', 's'));
  });
});
