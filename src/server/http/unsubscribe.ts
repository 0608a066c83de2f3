/**
 * The HTTP side of unsubscribing: reading an RFC 8058 one-click body, and /unsubscribe's request for
 * a preferences link (rate limited like the lead form, spam trap honoured, the same answer whatever
 * the address, the email's first delivery started without holding the answer).
 */
import type { Context } from '@netlify/functions';
import type { Env } from '../db/connect';
import { withDb } from '../db/connect';
import { clientHash } from '../services/client-hash';
import { requestPreferencesLink } from '../services/email-preferences';
import { clientAddress } from './client-address';
import { deliverSoon, rateLimitFor, refuseOverRateLimit } from './lead-submission';
import type { Logger } from './logger';
import { HttpError } from './response';

const oneClickRequired = 'This address unsubscribes with a POST whose body is List-Unsubscribe=One-Click. To choose your emails yourself, open the preferences link in any of our emails.';

/** Checks the body is `List-Unsubscribe=One-Click`, form-encoded (RFC 8058) or multipart; a 400 otherwise. */
export async function readOneClickBody(request: Request, raw: Uint8Array): Promise<void> {
  const mediaType = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  let value: string | null = null;
  try {
    if (mediaType === 'multipart/form-data') {
      const form = await new Response(new Uint8Array(raw), { headers: { 'Content-Type': request.headers.get('content-type')! } }).formData();
      const entry = form.get('List-Unsubscribe');
      value = typeof entry === 'string' ? entry : null;
    } else {
      value = new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(raw).trim()).get('List-Unsubscribe');
    }
  } catch {
    throw new HttpError(400, oneClickRequired);
  }
  if (value !== 'One-Click') throw new HttpError(400, oneClickRequired);
}

/** The one answer /unsubscribe gives, known address or not. */
export const unsubscribeAnswer = 'If we have that address, we have sent it a link to its email preferences. It can take a few minutes to arrive (check the spam folder too). Nothing changes until you open the link.';

export async function requestPreferencesLinkFromRequest(
  body: { email: string; website?: string | undefined },
  { request, context, log }: { request: Request; context: Context | undefined; log: Logger },
  env: Env = process.env,
): Promise<{ ok: true; message: string }> {
  const address = clientAddress(request, context);
  const client = address ? clientHash(address, env.CLIENT_HASH_SECRET) : null;
  const policy = rateLimitFor(env, log);
  const now = new Date();
  await refuseOverRateLimit('unsubscribe', client, policy, now);
  // A filled trap gets the same answer and nothing is sent.
  if (body.website && body.website.trim() !== '') return { ok: true, message: unsubscribeAnswer };
  const messageId = await withDb((db) => requestPreferencesLink(db, body.email, now));
  if (messageId !== null) void deliverSoon(messageId, context, log);
  log.info('preferences link requested');
  return { ok: true, message: unsubscribeAnswer };
}
