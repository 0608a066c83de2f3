/**
 * The one wrapper every function goes through: method, content type, size, JSON and schema checks
 * from the endpoint's contract, then the handler, then security and cache headers. Anything thrown
 * that is not an HttpError becomes a 500 with our phone number, and the real error is logged.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import type { ApiContract, ParamsOf, QueryOf, RequestOf, ResponseInputOf } from '../../lib/api/contract';
import type { CustomerSession } from '../auth/customer-session';
import type { StaffSession } from '../auth/staff-session';
import { withDb } from '../db/connect';
import { fieldErrors, humanIssueMessage } from '../../lib/api/validation';
import { assertSecrets, ConfigError, type SecretName } from '../config';
import { isDatabaseUnavailable } from '../db/unavailable';
import { defaultMaxBodyBytes, readBodyBytes } from './body';
import { appError, errorCatalogue } from './errors';
import { createLogger, type Logger } from './logger';
import { assertSameOrigin } from './origin';
import { HttpError, errorResponse, json, withSecurityHeaders } from './response';
import { safeParseUntrusted } from './safe-parse';

export interface HandlerInput<C extends ApiContract> {
  request: Request;
  /** Netlify's context; absent when a test calls the handler directly. */
  context: Context | undefined;
  /** The body, validated by `contract.request`. */
  body: RequestOf<C>;
  /** The query string, validated by `contract.query`. */
  query: QueryOf<C>;
  /** The path's `:name` segments, validated by `contract.params`. */
  params: ParamsOf<C>;
  /** The signed-in staff member, for `staff` and `owner` contracts (checked before the handler runs). */
  staff: C['access'] extends 'staff' | 'owner' ? StaffSession : undefined;
  /** The signed-in customer, for `customer` contracts (checked before the handler runs; the chosen record may still be null). */
  customer: C['access'] extends 'customer' ? CustomerSession : undefined;
  /** The exact request bytes, for `bodyType: 'raw'` (signed webhooks). */
  rawBody: C['bodyType'] extends 'raw' ? Uint8Array : undefined;
  log: Logger;
  requestId: string;
}

export interface HandlerOptions {
  /** Refuse requests whose Origin is another site (403). Use for writes authenticated by cookies. */
  sameOrigin?: boolean;
  /** Secrets the function needs: in production it refuses to load without them (src/server/config.ts). */
  requires?: readonly SecretName[];
}

export type NetlifyHandler = ((request: Request, context?: Context) => Promise<Response>) & { contract?: ApiContract };

/** The `:name` segments of `pattern` (a contract path) read from `pathname`; undefined when it does not match. */
export function pathParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const names: string[] = [];
  const source = pattern.replace(/\/$/, '').split('/').map((segment) => {
    if (segment.startsWith(':')) {
      names.push(segment.slice(1));
      return '([^/]+)';
    }
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('/');
  const match = new RegExp(`^${source}/?$`, 'i').exec(pathname);
  if (!match) return undefined;
  try {
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
  } catch {
    return undefined;
  }
}

function cacheControl(contract: ApiContract): Record<string, string> {
  if (!contract.cache) return { 'Cache-Control': 'no-store' };
  const { maxAgeSeconds, cdnMaxAgeSeconds = maxAgeSeconds } = contract.cache;
  return {
    'Cache-Control': `public, max-age=${maxAgeSeconds}`,
    'Netlify-CDN-Cache-Control': `public, s-maxage=${cdnMaxAgeSeconds}`,
  };
}

/** How many invalid fields a 400 names, so a request with thousands of keys gets a short answer. */
const maxNamedFields = 10;

/**
 * The first field (as a dotted path) whose text holds a NUL character, which PostgreSQL cannot store
 * in text: such a request is refused up front rather than failing in the database as a 500.
 */
export function fieldWithNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined;
  if (typeof value !== 'object' || value === null || value instanceof Blob) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path || 'body';
    const found = fieldWithNul(item, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

function validate<S extends z.ZodType>(schema: S, value: unknown, what: 'body' | 'query' | 'path'): z.output<S> {
  if (what === 'path') {
    const result = schema.safeParse(value);
    if (!result.success) throw appError('NotFound');
    return result.data;
  }
  const nul = fieldWithNul(value);
  if (nul) throw new HttpError(400, `The ${what === 'body' ? 'field' : 'query parameter'} ${nul.slice(0, 100)} contains a NUL character, which cannot be stored. Remove it and try again.`, { fields: { [nul.slice(0, 100)]: 'Remove the NUL character.' } });
  // (A value zod itself cannot check has no field to name: the shape sentence below.)
  const result = safeParseUntrusted(schema, value, { error: humanIssueMessage });
  if (result?.success) return result.data;
  const allFields = result ? fieldErrors(result.error) : {};
  const fields = Object.fromEntries(Object.entries(allFields).slice(0, maxNamedFields).map(([k, v]) => [k.slice(0, 100), v]));
  const more = Object.keys(allFields).length - Object.keys(fields).length;
  const names = Object.keys(fields);
  if (names.length === 0) {
    throw new HttpError(400, what === 'body'
      ? 'The request body does not have the expected shape. Send a JSON object with the form fields.'
      : 'The query string does not have the expected shape.');
  }
  const noun = what === 'body' ? (names.length === 1 ? 'field' : 'fields') : (names.length === 1 ? 'query parameter' : 'query parameters');
  throw new HttpError(400, `Please check the ${noun} ${names.join(', ')}${more > 0 ? ` and ${more} more` : ''} and try again.`, { fields });
}

function queryObject(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

async function readBody(request: Request, contract: ApiContract): Promise<unknown> {
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  const limit = contract.maxBodyBytes ?? defaultMaxBodyBytes;
  if (contract.bodyType === 'raw') return readBodyBytes(request, limit);

  if (contract.bodyType === 'multipart') {
    if (mediaType !== 'multipart/form-data') throw new HttpError(415, 'Send this form as multipart/form-data.');
    const bytes = await readBodyBytes(request, limit);
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'Content-Type': contentType } }).formData();
    } catch {
      throw new HttpError(400, 'The form data could not be read. Choose the file again and resend the form.');
    }
    const fields: Record<string, FormDataEntryValue> = {};
    form.forEach((value, key) => {
      fields[key] = value;
    });
    return fields;
  }

  if (mediaType !== 'application/json') {
    throw new HttpError(415, 'Send the request body as JSON, with the header Content-Type: application/json.');
  }
  const bytes = await readBodyBytes(request, limit);
  if (bytes.byteLength === 0) throw new HttpError(400, 'The request body is empty. Send the fields as a JSON object.');
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON. Check the data and send it again.');
  }
}

/** Wraps a contract's handler into a Netlify function: `export default defineHandler(contract, handle)`. */
export function defineHandler<C extends ApiContract>(
  contract: C,
  handle: (input: HandlerInput<C>) => Promise<ResponseInputOf<C> | Response> | ResponseInputOf<C> | Response,
  options: HandlerOptions = {},
): NetlifyHandler {
  const allowed = contract.method === 'GET' ? ['GET', 'HEAD'] : [contract.method];
  const access = contract.access ?? 'public';
  if (contract.path.startsWith('/api/admin/') && access !== 'staff' && access !== 'owner') {
    throw new Error(`${contract.path}: every /api/admin/ contract must have access 'staff' or 'owner'.`);
  }
  // Checked when the function loads, so a production deploy without a secret fails loudly at once.
  assertSecrets([...(options.requires ?? []), ...(access === 'public' ? [] : (['AUTH_SECRET'] as const))]);

  const handler: NetlifyHandler = async (request, context) => {
    const started = performance.now();
    const url = new URL(request.url);
    const requestId = request.headers.get('x-nf-request-id') || context?.requestId || randomUUID();
    const log = createLogger({ requestId, method: request.method, path: url.pathname });

    let response: Response;
    try {
      if (!allowed.includes(request.method)) {
        throw new HttpError(405, `This address accepts only ${allowed.join(' and ')} requests.`, { headers: { Allow: allowed.join(', ') } });
      }
      // Writes that a cookie authenticates must come from our own pages.
      if (options.sameOrigin || (access !== 'public' && contract.method !== 'GET')) assertSameOrigin(request);
      let staff: StaffSession | undefined;
      if (access === 'staff' || access === 'owner') {
        const { staffFromRequest, roleMeets } = await import('../auth/staff-session');
        staff = (await withDb((db) => staffFromRequest(db, request))) ?? undefined;
        if (!staff) throw appError('SignInRequired');
        if (!roleMeets(staff.role, access)) throw appError('Forbidden');
      }
      let customer: CustomerSession | undefined;
      if (access === 'customer') {
        // Only the portal's own cookie and tables: a staff session is not a customer session, and back.
        const { customerFromRequest } = await import('../auth/customer-session');
        customer = (await withDb((db) => customerFromRequest(db, request))) ?? undefined;
        if (!customer) throw appError('CustomerSignInRequired');
      }
      let params: unknown;
      if (contract.params) {
        const found = pathParams(contract.path, url.pathname);
        if (!found) throw appError('NotFound');
        params = validate(contract.params, found, 'path');
      }
      const query = contract.query ? validate(contract.query, queryObject(url), 'query') : undefined;
      const raw = contract.bodyType === 'raw' && contract.method !== 'GET' ? ((await readBody(request, contract)) as Uint8Array) : undefined;
      const body = contract.request && contract.method !== 'GET' && contract.bodyType !== 'raw' ? validate(contract.request, await readBody(request, contract), 'body') : undefined;

      const result = await handle({ request, context, body: body as RequestOf<C>, query: query as QueryOf<C>, params: params as ParamsOf<C>, staff: staff as HandlerInput<C>['staff'], customer: customer as HandlerInput<C>['customer'], rawBody: raw as HandlerInput<C>['rawBody'], log, requestId });
      response = result instanceof Response ? withSecurityHeaders(result) : json(result, { headers: cacheControl(contract) });
    } catch (error) {
      if (error instanceof HttpError) {
        response = errorResponse(error.status, error.message, error.options);
      } else if (isDatabaseUnavailable(error)) {
        // Every endpoint answers an outage or a stalled statement the same way: a 503 with our phones.
        log.warn('database unavailable', { hint: errorCatalogue.DatabaseUnavailable.hint, reason: error instanceof Error ? error.message : String(error) });
        const { status, message, options: errorOptions } = appError('DatabaseUnavailable');
        response = errorResponse(status, message, errorOptions);
      } else if (error instanceof ConfigError) {
        log.error('not configured', error);
        const { status, message, options: errorOptions } = appError('NotConfigured');
        response = errorResponse(status, message, errorOptions);
      } else {
        log.error('unhandled error', error);
        const { status, message, options: errorOptions } = appError('ServerError');
        response = errorResponse(status, message, errorOptions);
      }
    }

    const ms = Math.round(performance.now() - started);
    log.info('request', { status: response.status, ms });
    // The handler's own time, for browser dev tools and the load test (scripts/load-test.ts).
    try {
      response.headers.set('Server-Timing', `handler;dur=${ms}`);
    } catch {
      // A Response with immutable headers (passed through from fetch) keeps them as they are.
    }
    return request.method === 'HEAD' ? new Response(null, { status: response.status, headers: response.headers }) : response;
  };
  handler.contract = contract;
  return handler;
}

/**
 * One function serving several methods on one path (list, create, update, delete of a resource):
 * each handler comes from `defineHandler` with its own contract; other methods get a 405.
 */
export function defineHandlers(...handlers: NetlifyHandler[]): NetlifyHandler {
  const byMethod = new Map<string, NetlifyHandler>();
  for (const handler of handlers) {
    const method = handler.contract?.method;
    if (!method) throw new Error('defineHandlers takes handlers made by defineHandler.');
    if (byMethod.has(method)) throw new Error(`defineHandlers: two handlers for ${method} ${handler.contract?.path}.`);
    byMethod.set(method, handler);
    if (method === 'GET') byMethod.set('HEAD', handler);
  }
  const allow = [...byMethod.keys()].join(', ');
  return async (request, context) => {
    const handler = byMethod.get(request.method);
    if (handler) return handler(request, context);
    return errorResponse(405, `This address accepts only ${allow} requests.`, { headers: { Allow: allow } });
  };
}
