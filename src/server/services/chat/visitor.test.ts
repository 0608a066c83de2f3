import { describe, expect, test } from 'vitest';
import { clientIp, hashIp } from './visitor';

describe('hashIp', () => {
  test('is a stable 32-character keyed hash that depends on the secret and never contains the address', () => {
    const a = hashIp('203.0.113.7', { IP_HASH_SECRET: 'one' });
    expect(a).toMatch(/^[a-f0-9]{32}$/);
    expect(hashIp('203.0.113.7', { IP_HASH_SECRET: 'one' })).toBe(a);
    expect(hashIp('203.0.113.7', { IP_HASH_SECRET: 'two' })).not.toBe(a);
    expect(hashIp('203.0.113.8', { IP_HASH_SECRET: 'one' })).not.toBe(a);
    expect(a).not.toContain('203');
  });
});

describe('clientIp', () => {
  test("uses Netlify's context.ip, then its client-address header, else 'unknown'", () => {
    const request = new Request('http://x/', { headers: { 'x-nf-client-connection-ip': '198.51.100.1', 'x-forwarded-for': '1.2.3.4' } });
    expect(clientIp(request, { ip: '203.0.113.7' } as never)).toBe('203.0.113.7');
    expect(clientIp(request, undefined)).toBe('198.51.100.1');
    expect(clientIp(new Request('http://x/', { headers: { 'x-forwarded-for': '1.2.3.4' } }), undefined)).toBe('unknown');
  });
});
