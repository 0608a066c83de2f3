/** Who is asking, without keeping who they are: the visitor's IP address as a keyed hash. */
import { createHmac } from 'node:crypto';
import type { Context } from '@netlify/functions';

/** Local default only; production sets IP_HASH_SECRET so the hashes cannot be reversed by trying every address. */
const localSecret = 'local-development-ip-hash-secret';

/** HMAC-SHA256 of the address with IP_HASH_SECRET, 32 hex characters. The address itself is never stored or logged. */
export function hashIp(ip: string, env: Record<string, string | undefined> = process.env): string {
  return createHmac('sha256', env.IP_HASH_SECRET?.trim() || localSecret).update(ip).digest('hex').slice(0, 32);
}

/** The client address Netlify reports (context.ip); 'unknown' when called without a context (tests). */
export function clientIp(request: Request, context: Context | undefined): string {
  return context?.ip || request.headers.get('x-nf-client-connection-ip') || 'unknown';
}
