/** Building responses: JSON, errors and the security headers every function answer carries. */
import { austinOffice } from '../../business';

/** Netlify's [[headers]] rules do not reach function responses, so functions set these themselves. */
export const securityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
};

/** The 500 text: visitors get a way to reach us; the real error goes to the log. */
export const serverErrorText = `Something went wrong on our side. Please call us at ${austinOffice.phone}.`;

/** A JSON response with the security headers; `Cache-Control: no-store` unless `init` sets one. */
export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return withSecurityHeaders(new Response(JSON.stringify(data), { ...init, headers }));
}

/** Adds the security headers (and no-store when no caching was chosen) to any response. */
export function withSecurityHeaders(response: Response): Response {
  let result = response;
  try {
    for (const [name, value] of Object.entries(securityHeaders)) result.headers.set(name, value);
  } catch {
    // Headers of a fetched Response are immutable: copy it, then set them.
    result = new Response(response.body, response);
    for (const [name, value] of Object.entries(securityHeaders)) result.headers.set(name, value);
  }
  if (!result.headers.has('Cache-Control')) result.headers.set('Cache-Control', 'no-store');
  return result;
}

/** An error the visitor should see: `{ "error": "<status>: <text>" }`, plus `fields` for invalid input. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }
}

/** The one shape of every non-2xx body. */
export function errorResponse(status: number, text: string, options: HttpError['options'] = {}): Response {
  const body = options.fields && Object.keys(options.fields).length > 0
    ? { error: `${status}: ${text}`, fields: options.fields }
    : { error: `${status}: ${text}` };
  return json(body, { status, headers: { ...options.headers, 'Cache-Control': 'no-store' } });
}
