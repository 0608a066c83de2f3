/**
 * The one wrapper every function goes through: method, content type, size, JSON and schema checks
 * from the endpoint's contract, then the handler, then security and cache headers. Anything thrown
 * that is not an HttpError becomes a 500 with our phone number, and the real error is logged.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import type { ApiContract, QueryOf, RequestOf, ResponseInputOf } from '../../lib/api/contract';
import { fieldErrors, humanIssueMessage } from '../../lib/api/validation';
import { defaultMaxBodyBytes, readBodyBytes } from './body';
import { createLogger, type Logger } from './logger';
import { assertSameOrigin } from './origin';
import { HttpError, errorResponse, json, serverErrorText, withSecurityHeaders } from './response';

export interface HandlerInput<C extends ApiContract> {
  request: Request;
  /** Netlify's context; absent when a test calls the handler directly. */
  context: Context | undefined;
  /** The body, validated by `contract.request`. */
  body: RequestOf<C>;
  /** The query string, validated by `contract.query`. */
  query: QueryOf<C>;
  log: Logger;
  requestId: string;
}

export interface HandlerOptions {
  /** Refuse requests whose Origin is another site (403). Use for writes authenticated by cookies. */
  sameOrigin?: boolean;
}

export type NetlifyHandler = (request: Request, context?: Context) => Promise<Response>;

function cacheControl(contract: ApiContract): Record<string, string> {
  if (!contract.cache) return { 'Cache-Control': 'no-store' };
  const { maxAgeSeconds, cdnMaxAgeSeconds = maxAgeSeconds } = contract.cache;
  return {
    'Cache-Control': `public, max-age=${maxAgeSeconds}`,
    'Netlify-CDN-Cache-Control': `public, s-maxage=${cdnMaxAgeSeconds}`,
  };
}

function validate<S extends z.ZodType>(schema: S, value: unknown, what: 'body' | 'query'): z.output<S> {
  const result = schema.safeParse(value, { error: humanIssueMessage });
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const names = Object.keys(fields);
  if (names.length === 0) {
    throw new HttpError(400, what === 'body'
      ? 'The request body does not have the expected shape. Send a JSON object with the form fields.'
      : 'The query string does not have the expected shape.');
  }
  const noun = what === 'body' ? (names.length === 1 ? 'field' : 'fields') : (names.length === 1 ? 'query parameter' : 'query parameters');
  throw new HttpError(400, `Please check the ${noun} ${names.join(', ')} and try again.`, { fields });
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

  return async (request, context) => {
    const started = performance.now();
    const url = new URL(request.url);
    const requestId = request.headers.get('x-nf-request-id') || context?.requestId || randomUUID();
    const log = createLogger({ requestId, method: request.method, path: url.pathname });

    let response: Response;
    try {
      if (!allowed.includes(request.method)) {
        throw new HttpError(405, `This address accepts only ${allowed.join(' and ')} requests.`, { headers: { Allow: allowed.join(', ') } });
      }
      if (options.sameOrigin) assertSameOrigin(request);
      const query = contract.query ? validate(contract.query, queryObject(url), 'query') : undefined;
      const body = contract.request && contract.method !== 'GET' ? validate(contract.request, await readBody(request, contract), 'body') : undefined;

      const result = await handle({ request, context, body: body as RequestOf<C>, query: query as QueryOf<C>, log, requestId });
      response = result instanceof Response ? withSecurityHeaders(result) : json(result, { headers: cacheControl(contract) });
    } catch (error) {
      if (error instanceof HttpError) {
        response = errorResponse(error.status, error.message, error.options);
      } else {
        log.error('unhandled error', error);
        response = errorResponse(500, serverErrorText);
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
}
