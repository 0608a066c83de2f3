/** The client's network address as Netlify reports it, for the rate limit. */
import type { Context } from '@netlify/functions';

/**
 * Netlify's `context.ip` (or its x-nf-client-connection-ip header, which Netlify sets and clients
 * cannot). X-Forwarded-For is never read: any client can write it.
 */
export function clientAddress(request: Request, context: Context | undefined): string | undefined {
  const ip = context?.ip || request.headers.get('x-nf-client-connection-ip') || undefined;
  return ip?.trim() || undefined;
}
