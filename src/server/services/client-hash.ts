/** Who is asking, without keeping who they are: a client's network address as a keyed hash. */
import { createHmac } from 'node:crypto';

/** Local default only; production sets CLIENT_HASH_SECRET so a hash cannot be reversed by trying every address. */
const localSecret = 'local-development-client-hash-secret';

/**
 * HMAC-SHA256 (hex) of the address with CLIENT_HASH_SECRET. Enough to count a client's requests
 * (lead and chat limits) and to group a visitor's chats; useless for finding the person. The
 * address itself is never stored or logged.
 */
export function clientHash(address: string, secret: string | undefined = process.env.CLIENT_HASH_SECRET): string {
  return createHmac('sha256', secret?.trim() || localSecret).update(address).digest('hex');
}
