/**
 * The browser's request helpers (SPEC §7–§8): credentials always included, JSON when a body is
 * sent, and every non-OK answer thrown as an Error whose message is "<status>: <text>".
 */
import { pathWith, type ApiContract, type QueryInputOf, type ReadOf, type RequestInputOf } from './contract';

/** A failed API call. `message` is ready to show; `fields` names invalid form fields, if any. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/**
 * "<status>: <body text or status text>". Our functions already answer `{ "error": "<status>: <sentence>" }`,
 * so that sentence is used as the text rather than the raw JSON, which would be unreadable in a notice.
 */
export function errorMessage(status: number, statusText: string, bodyText: string): { message: string; fields: Record<string, string> } {
  const text = bodyText.trim();
  const parsed = parseErrorBody(text);
  if (parsed) {
    const message = parsed.error.startsWith(`${status}: `) ? parsed.error : `${status}: ${parsed.error}`;
    return { message, fields: parsed.fields };
  }
  return { message: `${status}: ${text || statusText}`, fields: {} };
}

function parseErrorBody(text: string): { error: string; fields: Record<string, string> } | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || !('error' in value) || typeof value.error !== 'string') return undefined;
    const fields = 'fields' in value && typeof value.fields === 'object' && value.fields !== null
      ? Object.fromEntries(Object.entries(value.fields).filter((e): e is [string, string] => typeof e[1] === 'string'))
      : {};
    return { error: value.error, fields };
  } catch {
    return undefined;
  }
}

/** Throws an ApiError for a non-OK response; returns it unchanged otherwise. */
export async function throwIfNotOk(response: Response): Promise<Response> {
  if (response.ok) return response;
  const bodyText = await response.text().catch(() => '');
  const { message, fields } = errorMessage(response.status, response.statusText, bodyText);
  throw new ApiError(message, response.status, fields);
}

/** The generic request helper: `apiRequest('POST', '/api/contact', form)`. FormData goes as multipart. */
export async function apiRequest(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<Response> {
  const init: RequestInit = { method, credentials: 'include' };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  if (headers) init.headers = { ...(init.headers as Record<string, string> | undefined), ...headers };
  return throwIfNotOk(await fetch(url, init));
}

type ContractInput<C extends ApiContract> = C['method'] extends 'GET' ? QueryInputOf<C> : RequestInputOf<C>;

/** Calls an endpoint through its contract and returns the answer checked against the contract. */
export async function callContract<C extends ApiContract>(contract: C, input: ContractInput<C>, headers?: Record<string, string>, params?: Record<string, string | number>): Promise<ReadOf<C>> {
  let url: string = params ? pathWith(contract.path, params) : contract.path;
  let body: unknown;
  if (contract.method === 'GET') {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) query.set(key, String(value));
    }
    if (query.size > 0) url += `?${query}`;
  } else {
    body = input ?? {};
  }
  const response = await apiRequest(contract.method, url, body, headers);
  const result = (contract.read ?? contract.response).safeParse(await response.json().catch(() => undefined));
  if (!result.success) {
    throw new ApiError(`${response.status}: The server sent an answer this page does not understand. Refresh the page and try again.`, response.status);
  }
  return result.data as ReadOf<C>;
}
