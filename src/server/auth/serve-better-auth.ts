/**
 * Serves a Better Auth instance as a Netlify function (staff: netlify/functions/auth.ts; customers:
 * netlify/functions/portal-auth.ts): no-store, our security headers, our error format, and the
 * session token kept out of the JSON (Better Auth also puts it in a sign-in answer; the page never
 * needs it, and it belongs only in the HttpOnly cookie, out of reach of scripts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import { withDb } from '../db/connect';
import { isDatabaseUnavailable } from '../db/unavailable';
import { appError } from '../http/errors';
import { createLogger } from '../http/logger';
import { errorResponse, withSecurityHeaders } from '../http/response';

async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, { status: response.status, headers: response.headers });
  }
  if (body && typeof body === 'object' && 'token' in body) delete (body as { token?: unknown }).token;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: response.status, headers });
}

export function serveBetterAuth(create: (db: Kysely<Database>, request: Request) => { handler: (request: Request) => Promise<Response> }) {
  return async (request: Request): Promise<Response> => {
    try {
      const answer = await withDb((db) => create(db, request).handler(request));
      const response = await withoutSessionToken(answer);
      response.headers.set('Cache-Control', 'no-store');
      return withSecurityHeaders(response);
    } catch (error) {
      const name = isDatabaseUnavailable(error) ? 'DatabaseUnavailable' : 'ServerError';
      createLogger({ method: request.method, path: new URL(request.url).pathname }).error('auth request failed', error);
      const { status, message, options } = appError(name);
      return errorResponse(status, message, options);
    }
  };
}
