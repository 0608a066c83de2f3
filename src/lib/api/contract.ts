/**
 * API contracts: one per endpoint, imported by the island that calls it and by the function that
 * answers it, so the path, the input and the answer cannot drift apart. Browser-safe: zod only.
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiPath = `/api/${string}`;
/**
 * Who may call an endpoint, enforced by the server's handler: anyone, signed-in staff, the owner
 * role only, or a signed-in customer. Every contract under `/api/admin/` is `staff` or `owner`.
 */
export type Access = 'public' | 'staff' | 'owner' | 'customer';

export interface ApiContract<
  Request extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  /** The literal path, equal to the function's `config.path`, e.g. `/api/health`. */
  path: ApiPath;
  method: HttpMethod;
  /** Who may call it (default `public`). Non-public writes also require our own Origin. */
  access?: Access;
  /** Schema of the path's `:name` segments, e.g. `/api/admin/leads/:id` → `z.object({ id: … })`. */
  params?: z.ZodType;
  /** Body schema (use `z.strictObject`, so unknown fields are rejected). Absent: no body is read. */
  request?: Request;
  /** Query-string schema for GET (strict object; use `z.coerce` for numbers). */
  query?: Query;
  /** What a 2xx answer carries: the server validates what it sends with it (and tests do). */
  response: Response;
  /**
   * How the browser reads a 2xx answer, when it must be more lenient than `response`: SPEC §7 says
   * which fields the browser reads, so an answer with other or extra fields (a newer server, a
   * cached page after a deploy) must still work. Absent: `response` is used.
   */
  read?: z.ZodType;
  /**
   * How the body is sent: JSON (default), multipart/form-data for uploads, or `raw` for signed
   * webhooks, whose handler gets the exact bytes (to check the signature) and parses them itself.
   */
  bodyType?: 'json' | 'multipart' | 'raw';
  /** Largest accepted body in bytes; the server default is 16 KB. */
  maxBodyBytes?: number;
  /** Public caching of successful answers; absent means `Cache-Control: no-store`. */
  cache?: { maxAgeSeconds: number; cdnMaxAgeSeconds?: number };
}

export type RequestOf<C extends ApiContract> = C['request'] extends z.ZodType ? z.output<C['request']> : undefined;
export type RequestInputOf<C extends ApiContract> = C['request'] extends z.ZodType ? z.input<C['request']> : undefined;
export type ParamsOf<C extends ApiContract> = C['params'] extends z.ZodType ? z.output<C['params']> : undefined;
export type QueryOf<C extends ApiContract> = C['query'] extends z.ZodType ? z.output<C['query']> : undefined;
export type QueryInputOf<C extends ApiContract> = C['query'] extends z.ZodType ? z.input<C['query']> : undefined;
export type ResponseOf<C extends ApiContract> = z.output<C['response']>;
/** What the browser gets from a 2xx answer: `read`'s output when the contract has one. */
export type ReadOf<C extends ApiContract> = C['read'] extends z.ZodType ? z.output<C['read']> : z.output<C['response']>;
export type ResponseInputOf<C extends ApiContract> = z.input<C['response']>;

/** The address of a contract with its `:name` segments filled in (each value URI-encoded). */
export function pathWith(path: ApiPath, params: Record<string, string | number>): ApiPath {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathWith: ${path} needs the parameter ${name}.`);
    return encodeURIComponent(String(value));
  }) as ApiPath;
}

/** Declares a contract, keeping its literal types for the function and the client. */
export function defineContract<const C extends ApiContract>(contract: C): C {
  return contract;
}
