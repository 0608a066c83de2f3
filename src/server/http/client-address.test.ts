import { describe, expect, test } from 'vitest';
import { clientHash } from '../services/client-hash';
import { clientAddress, clientAddressHash } from './client-address';

describe('clientAddress', () => {
  test("takes Netlify's context.ip, else its x-nf-client-connection-ip header", () => {
    const request = new Request('http://x/', { headers: { 'x-nf-client-connection-ip': '198.51.100.1' } });
    expect(clientAddress(request, { ip: '203.0.113.7' } as never)).toBe('203.0.113.7');
    expect(clientAddress(request, undefined)).toBe('198.51.100.1');
  });

  test('never trusts X-Forwarded-For, which any client can write', () => {
    expect(clientAddress(new Request('http://x/', { headers: { 'x-forwarded-for': '1.2.3.4' } }), undefined)).toBeUndefined();
  });
});

describe('clientAddressHash', () => {
  test('is the keyed hash of the address, never the address, and one shared hash without one', () => {
    const request = new Request('http://x/');
    const hash = clientAddressHash(request, { ip: '203.0.113.7' } as never);
    expect(hash).toBe(clientHash('203.0.113.7'));
    expect(hash).not.toContain('203.0.113.7');
    expect(clientAddressHash(request, undefined)).toBe(clientHash('unknown'));
  });
});
