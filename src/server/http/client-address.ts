/** The client's network address as Netlify reports it, for the rate limits, and its keyed hash. */
import type { Context } from '@netlify/functions';
import { clientHash } from '../services/client-hash';

/**
 * Netlify's `context.ip` (or its x-nf-client-connection-ip header, which Netlify sets and clients
 * cannot). X-Forwarded-For is never read: any client can write it.
 */
export function clientAddress(request: Request, context: Context | undefined): string | undefined {
  const ip = context?.ip || request.headers.get('x-nf-client-connection-ip') || undefined;
  return ip?.trim() || undefined;
}

/** The keyed hash of the client's address (all clients without one share 'unknown'): what the chat stores and counts. */
export function clientAddressHash(request: Request, context: Context | undefined): string {
  return clientHash(clientAddress(request, context) ?? 'unknown');
}
