/** Who is asking, without keeping who they are: a client's network address as a keyed hash. */
import { createHmac } from 'node:crypto';
import { clientHashSecret } from '../config';

/**
 * The network a client is counted by: an IPv4 address as it is, an IPv6 address as its /64 (one
 * home or phone gets a whole /64 and can pick any address in it), an IPv4-mapped IPv6 address as
 * the IPv4 one. Anything else (no address, a test's label) is returned unchanged.
 */
export function clientNetwork(address: string): string {
  const bare = address.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/.test(bare)) return address.trim();
  const [head = '', tail] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => (g || '0').replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/**
 * HMAC-SHA256 (hex) of the client's network (see clientNetwork) with CLIENT_HASH_SECRET. Enough to count a client's requests
 * (lead and chat limits) and to group a visitor's chats; useless for finding the person. The
 * address itself is never stored or logged.
 */
export function clientHash(address: string, secret: string | undefined = clientHashSecret()): string {
  return createHmac('sha256', secret?.trim() || clientHashSecret()).update(clientNetwork(address)).digest('hex');
}
