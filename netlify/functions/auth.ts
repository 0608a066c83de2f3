// /api/auth/*: Better Auth (staff sign-in by emailed code or link, Google when configured, sign-out).
import { createAuth } from '../../src/server/auth/auth';
import { assertSecrets } from '../../src/server/config';
import { withDb } from '../../src/server/db/connect';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';
import { appError } from '../../src/server/http/errors';
import { createLogger } from '../../src/server/http/logger';
import { errorResponse, withSecurityHeaders } from '../../src/server/http/response';

assertSecrets(['AUTH_SECRET']);

/**
 * Better Auth also puts the session token in a sign-in answer's JSON; the page never needs it, and
 * the token belongs only in the HttpOnly cookie, out of reach of scripts.
 */
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

export default async function auth(request: Request): Promise<Response> {
  try {
    const answer = await withDb((db) => createAuth(db, request).handler(request));
    const response = await withoutSessionToken(answer);
    response.headers.set('Cache-Control', 'no-store');
    return withSecurityHeaders(response);
  } catch (error) {
    const name = isDatabaseUnavailable(error) ? 'DatabaseUnavailable' : 'ServerError';
    createLogger({ method: request.method, path: new URL(request.url).pathname }).error('auth request failed', error);
    const { status, message, options } = appError(name);
    return errorResponse(status, message, options);
  }
}

export const config = { path: '/api/auth/*' };
