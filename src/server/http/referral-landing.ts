/**
 * /ref/{code} and /referred-by/{customer public id}: record the click, keep the code in a cookie for
 * 30 days and send the visitor on to the static /referral-offer?code=… page, whose small script reads
 * the referrer's first name from /api/referral-offer. Whatever happens (an unknown code, a hostile
 * path, the database down) the visitor lands on the offer page, never on an error page.
 */
import type { Context } from '@netlify/functions';
import { referralCookieDays } from '../../business/referrals';
import { referralCookie } from '../../lib/referrals';
import { isProduction } from '../config';
import { withDb } from '../db/connect';
import { clientHash } from '../services/client-hash';
import { landOnReferralLink } from '../services/referrals';
import { clientAddress } from './client-address';
import { createLogger } from './logger';
import { withSecurityHeaders } from './response';

/** The cookie that keeps a referral code: readable by the offer page's script, sent on same-site requests only. */
export function referralCookieHeader(code: string, env: Record<string, string | undefined> = process.env): string {
  return `${referralCookie}=${code}; Max-Age=${referralCookieDays * 24 * 60 * 60}; Path=/; SameSite=Lax${isProduction(env) ? '; Secure' : ''}`;
}

export async function referralLanding(request: Request, context: Context | undefined): Promise<Response> {
  const url = new URL(request.url);
  const log = createLogger({ requestId: context?.requestId ?? crypto.randomUUID(), method: request.method, path: url.pathname.slice(0, 12) });
  const match = /^\/(ref|referred-by)\/([^/]{1,100})\/?$/.exec(url.pathname);
  let code: string | null = null;
  // Only a GET is a visit: a HEAD (link previews, checkers) records nothing.
  if (match && request.method === 'GET') {
    try {
      const value = decodeURIComponent(match[2]!);
      const address = clientAddress(request, context);
      code = await withDb((db) => landOnReferralLink(db, { landing: match[1] as 'ref' | 'referred-by', value, clientHash: address ? clientHash(address) : null, now: new Date() }));
    } catch (error) {
      log.error('referral click not recorded', error);
    }
  }
  const headers = new Headers({ Location: code ? `/referral-offer?code=${code}` : '/referral-offer', 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  if (code) headers.append('Set-Cookie', referralCookieHeader(code));
  return withSecurityHeaders(new Response(null, { status: 302, headers }));
}
