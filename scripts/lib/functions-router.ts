/**
 * Runs netlify/functions in this process for the local server. @netlify/dev rebuilds a function
 * with esbuild and starts a worker thread on every request (about 3 s each), and concurrent requests
 * lose the shared build folder ("Cannot find module"). Loading each function once keeps local calls
 * fast and, like a warm Netlify instance, lets module state (the database pool) live across requests.
 *
 * Routing follows Netlify's rules for `config.path`: case-insensitive, trailing slash ignored,
 * `:name` segments become params, a final `*` matches the rest; `config.method` limits methods and
 * `config.excludedPath` removes paths.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Config, Context } from '@netlify/functions';

type Handler = (request: Request, context: Context) => Promise<Response> | Response;

interface Route {
  name: string;
  pattern: RegExp;
  paramNames: string[];
  methods: string[] | undefined;
  excluded: RegExp[];
  handler: Handler;
}

/** A function with `config.schedule` (cron, UTC); scripts/lib/schedules.ts runs it locally. */
export interface ScheduledFunction {
  name: string;
  schedule: string;
  handler: Handler;
}

export interface FunctionMatch {
  name: string;
  params: Record<string, string>;
  handler: Handler;
}

function compile(routePath: string, functionName: string): { pattern: RegExp; paramNames: string[] } {
  if (!routePath.startsWith('/')) throw new Error(`netlify/functions/${functionName}: config.path "${routePath}" must start with /.`);
  const paramNames: string[] = [];
  const parts = routePath.replace(/\/$/, '').split('/').slice(1).map((segment, i, all) => {
    if (segment === '*' && i === all.length - 1) return '(?:/.*)?';
    if (segment.startsWith(':') && /^:\w+$/.test(segment)) {
      paramNames.push(segment.slice(1));
      return '/([^/]+)';
    }
    if (/[*:?(){}+]/.test(segment)) {
      throw new Error(`netlify/functions/${functionName}: the local server does not support the path syntax "${routePath}" (use literal segments, :name or a final *).`);
    }
    return `/${segment.toLowerCase().replace(/[.\\^$|[\]]/g, '\\$&')}`;
  });
  return { pattern: new RegExp(`^${parts.join('') || '/'}$`), paramNames };
}

const normalise = (pathname: string) => (pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).toLowerCase();
const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

/** Imports every function in `dir` and returns a matcher over their `config.path` routes. */
export async function loadFunctions(dir: string): Promise<{ names: string[]; scheduled: ScheduledFunction[]; match(method: string, pathname: string): FunctionMatch | undefined }> {
  const files = (await readdir(dir).catch(() => [])).filter((f) => /\.(m?ts|m?js)$/.test(f) && !f.endsWith('.d.ts')).sort();
  const routes: Route[] = [];
  const scheduled: ScheduledFunction[] = [];
  for (const file of files) {
    const name = file.replace(/\.\w+$/, '');
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: unknown; config?: Config };
    if (typeof mod.default !== 'function') throw new Error(`netlify/functions/${file} has no default export function.`);
    const config = mod.config;
    if (config && 'schedule' in config && typeof config.schedule === 'string') {
      // Scheduled functions run on their schedule only: no address reaches them, as on Netlify.
      scheduled.push({ name, schedule: config.schedule, handler: mod.default as Handler });
      continue;
    }
    const paths = list(config && 'path' in config ? config.path : undefined);
    // A function without config.path answers at /.netlify/functions/<name>, as on Netlify.
    for (const routePath of paths.length > 0 ? paths : [`/.netlify/functions/${name}`]) {
      routes.push({
        name,
        ...compile(routePath, name),
        methods: config?.method ? list(config.method) : undefined,
        excluded: list(config && 'excludedPath' in config ? config.excludedPath : undefined).map((p) => compile(p, name).pattern),
        handler: mod.default as Handler,
      });
    }
  }
  return {
    names: [...new Set(routes.map((r) => r.name))],
    scheduled,
    match(method, rawPathname) {
      const pathname = normalise(rawPathname);
      for (const route of routes) {
        if (route.methods && !route.methods.includes(method)) continue;
        const found = route.pattern.exec(pathname);
        if (!found || route.excluded.some((e) => e.test(pathname))) continue;
        const params = Object.fromEntries(route.paramNames.map((n, i) => [n, decodeURIComponent(found[i + 1]!)]));
        return { name: route.name, params, handler: route.handler };
      }
      return undefined;
    },
  };
}

/**
 * The parts of Netlify's Context our functions may use locally: requestId, ip, params, url,
 * deploy.context, waitUntil and json. Anything else is absent, so code that needs it fails loudly.
 */
export function localContext(request: Request, match: FunctionMatch, requestId: string, ip: string): Context {
  const context = {
    requestId,
    ip,
    params: match.params,
    url: new URL(request.url),
    deploy: { context: 'dev', id: '0', published: false },
    site: { id: 'local', name: 'local', url: new URL(request.url).origin },
    geo: {},
    json: (input: unknown) => Response.json(input),
    log: console.log,
    waitUntil: (promise: Promise<unknown>) => {
      promise.catch((error: unknown) => console.error(`waitUntil task of ${match.name} failed:`, error));
    },
  };
  return context as unknown as Context;
}
