/**
 * Serves the built site the way Netlify does, offline, on one port: dist/ as static files,
 * netlify/functions as /api/*, the [[redirects]] of netlify.toml, and dist/404.html (status 404)
 * for anything else. Run directly (`tsx scripts/serve.ts`, PORT default 4321) or call `startSite`.
 */
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';
import { HeadersHandler } from '@netlify/headers';
import { closeSharedDbs, withDb } from '../src/server/db/connect';
import { parseRedirectsFile } from '../src/lib/site/redirects';
import { countRedirectHit } from '../src/server/services/admin-redirects';
import { buildHookUrl } from '../src/server/services/publishing';
import { startLocalPublisher, type LocalPublisher, type LocalPublisherOptions } from './lib/local-publisher';
import { databaseForScripts, type ScriptDatabase } from './lib/database-for-scripts';
import { loadFunctions, localContext } from './lib/functions-router';
import { runScheduledFunction, startSchedules } from './lib/schedules';
import { runIfMain } from './lib/run-script';
import { onShutdown } from './lib/shutdown';
import { describeApplied, migrateDatabase } from './migrate';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));

export interface SiteOptions {
  port: number;
  /** An already open database (shared with a build); otherwise one is opened and closed with the site. */
  database?: ScriptDatabase;
  /** The built site; default dist/ (netlify.toml's publish directory, which is always served too). */
  distDir?: string;
  /** Skip the "running at" line (tests). */
  quiet?: boolean;
  /**
   * `in-process` (default) loads each function once, see scripts/lib/functions-router.ts.
   * `netlify-dev` lets @netlify/dev bundle them with Netlify's own bundler on every request:
   * about 3 s a call and unsafe with concurrent calls, but it proves the functions bundle.
   */
  functions?: 'in-process' | 'netlify-dev';
  /** Run scheduled functions on their schedule (default true; tests that drive them by hand turn it off). */
  schedules?: boolean;
  /**
   * Rebuild in the background when publish requests come due, and swap the served folder (default
   * on, unless NETLIFY_BUILD_HOOK_URL is set: then the build hook publishes). Tests pass their own
   * build command, or false.
   */
  publisher?: false | Pick<LocalPublisherOptions, 'command' | 'pollMs' | 'buildsDir'>;
}

export interface RunningSite {
  url: string;
  port: number;
  database: ScriptDatabase;
  /** The local publisher, when it runs. */
  publisher?: LocalPublisher;
  stop(): Promise<void>;
}

/**
 * Lets a build's swap happen while no static request is being answered: requests wait for a swap
 * in progress, and a swap waits for the requests being answered. Visitors see the old site or the
 * new one, never a missing file between two renames.
 */
export function createSwapGate() {
  let readers = 0;
  let swapping: Promise<void> | undefined;
  let drained: (() => void) | undefined;
  return {
    async enter(): Promise<() => void> {
      while (swapping) await swapping;
      readers++;
      return () => {
        readers--;
        if (readers === 0) drained?.();
      };
    },
    async exclusive(swap: () => Promise<void>): Promise<void> {
      while (swapping) await swapping;
      let done!: () => void;
      swapping = new Promise((resolve) => { done = resolve; });
      try {
        if (readers > 0) await new Promise<void>((resolve) => { drained = resolve; });
        drained = undefined;
        await swap();
      } finally {
        swapping = undefined;
        done();
      }
    },
  };
}

/** The served folder's `_redirects` (written by the build), re-read when the file changes. */
function redirectsReader(dir: string) {
  let cached: { mtimeMs: number; rules: ReturnType<typeof parseRedirectsFile> } | undefined;
  return async (pathname: string) => {
    const file = path.join(dir, '_redirects');
    const info = await stat(file).catch(() => undefined);
    if (!info) return undefined;
    if (!cached || cached.mtimeMs !== info.mtimeMs) cached = { mtimeMs: info.mtimeMs, rules: parseRedirectsFile(await readFile(file, 'utf8')) };
    const key = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const rule = cached.rules.get(key);
    return rule ? { from: key, ...rule } : undefined;
  };
}

const compressible = /^(text\/|application\/(json|javascript|xml|rss\+xml|manifest\+json)|image\/svg\+xml)/;

/**
 * Writes a fetch Response to Node's response, compressed like Netlify's CDN would for text types.
 * The body is read to its end before anything is sent: cancelling a body that @netlify/dev streams
 * from a file (a browser that navigates away mid-response, a HEAD request) races Node's web-stream
 * adapter into an uncaught "Controller is already closed" that stops the whole server. Every body
 * served here is small (pages, assets, JSON, a photo of at most 4 MB).
 */
async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);

  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  if (!body || req.method === 'HEAD') {
    res.end();
    return;
  }
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const type = response.headers.get('content-type') ?? '';
  const encoding = response.headers.has('content-encoding') || !compressible.test(type)
    ? undefined
    : /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
  if (!encoding) {
    res.end(body);
    return;
  }
  const compressed = encoding === 'br' ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body);
  res.removeHeader('Content-Length');
  res.setHeader('Content-Encoding', encoding);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Length', compressed.length);
  res.end(compressed);
}

/** Netlify refuses a synchronous function request body over 6 MB before the function runs. */
const netlifyBodyLimit = 6 * 1024 * 1024;

class BodyTooLargeError extends Error {}

/**
 * The request body, read whole as Netlify hands it to a function (never a live stream: cancelling
 * one races Node's web-stream adapter, see `send`); undefined for GET and HEAD.
 */
async function readRequestBody(req: IncomingMessage): Promise<Buffer | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > netlifyBodyLimit) throw new BodyTooLargeError();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Longest request target served; Netlify's own limit is about 8 KB too. */
const maxUrlLength = 8 * 1024;

/** A JSON error in our API format, for requests refused before any function runs. */
function refuse(res: ServerResponse, status: number, sentence: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error: `${status}: ${sentence}` }));
}

/**
 * Why a request cannot be served (status and sentence), or undefined: an over-long address, a
 * malformed Host header, or a path with broken percent-encoding. Netlify's edge refuses these too.
 */
export function malformedRequest(req: Pick<IncomingMessage, 'url' | 'headers'>): [number, string] | undefined {
  const target = req.url ?? '/';
  if (target.length > maxUrlLength) return [414, `The address is longer than ${maxUrlLength / 1024} KB. Check the link and try a shorter one.`];
  const host = req.headers.host;
  if (host !== undefined && !/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)) return [400, 'The Host header is not a valid host name.'];
  try {
    decodeURIComponent(new URL(target, 'http://localhost').pathname);
  } catch {
    return [400, 'The address has broken percent-encoding (a % not followed by two hex digits). Check the link and try again.'];
  }
  return undefined;
}

/** The Node request as a fetch Request, as Netlify hands it to a function. */
async function toRequest(req: IncomingMessage, requestId: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, values] of Object.entries(req.headersDistinct)) {
    for (const value of values ?? []) headers.append(name, value);
  }
  headers.set('x-nf-request-id', requestId);
  const body = await readRequestBody(req);
  return new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), { method: req.method ?? 'GET', headers, body: body ? new Uint8Array(body) : null });
}

async function notFoundPage(distDirs: string[]): Promise<Response> {
  for (const dir of distDirs) {
    const html = await readFile(path.join(dir, '404.html')).catch(() => undefined);
    if (html) return new Response(html, { status: 404, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  }
  return new Response('404 Page Not Found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/** Sets (or, for undefined, removes) process variables; returns a function that puts the old values back. */
function setProcessEnv(values: Record<string, string | undefined>): () => void {
  const previous = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
  const apply = (vars: Record<string, string | undefined>) => {
    for (const [key, value] of Object.entries(vars)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(values);
  return () => apply(previous);
}

/** Starts the site on `port` and resolves once it answers. */
export async function startSite(options: SiteOptions): Promise<RunningSite> {
  const database = options.database ?? (await databaseForScripts());
  const ownsDatabase = !options.database;
  const distDirs = [...new Set([path.join(projectRoot, 'dist'), path.resolve(options.distDir ?? 'dist')])];
  const cleanup: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const task of cleanup.splice(0).reverse()) await task();
  };
  if (ownsDatabase) cleanup.push(database.stop);

  try {
    const applied = await migrateDatabase(database);
    if (!options.quiet) console.log(`Migrations (${database.kind}): ${describeApplied(applied)}.`);

    // In-process functions read process.env; with netlify-dev each call's worker thread copies it.
    cleanup.push(setProcessEnv({
      DATABASE_URL: database.env.DATABASE_URL,
      NETLIFY_DATABASE_URL: database.env.NETLIFY_DATABASE_URL,
      DB_LABEL: database.env.DB_LABEL,
    }));

    const functions = options.functions === 'netlify-dev' ? undefined : await loadFunctions(path.join(projectRoot, 'netlify/functions'));
    const netlifyOptions: ConstructorParameters<typeof NetlifyDev>[0] = {
      projectRoot,
      skipGitignore: true,
      functions: { enabled: functions === undefined },
      aiGateway: { enabled: false },
      blobs: { enabled: false },
      database: { enabled: false },
      edgeFunctions: { enabled: false },
      geolocation: { enabled: false },
      images: { enabled: false },
      staticFiles: { directories: distDirs.slice(1) },
    };
    let netlify = new NetlifyDev(netlifyOptions);
    await netlify.start();
    cleanup.push(() => netlify.stop());
    // The functions' pools must close before the database they point at.
    cleanup.push(closeSharedDbs);
    if (functions && options.schedules !== false) cleanup.push(startSchedules(functions.scheduled.map((f) => ({ ...f, run: () => runScheduledFunction(f) }))));

    const gate = createSwapGate();
    const servedDir = distDirs.at(-1)!;
    const redirectFor = redirectsReader(servedDir);
    let publisher: LocalPublisher | undefined;
    if (options.publisher !== false && !buildHookUrl()) {
      // NetlifyDev reads dist/_headers into its configuration when it starts, and a new build has new
      // CSP hashes: after the swap a fresh instance takes over before any waiting request is answered.
      const swapAndReload = (swap: () => Promise<void>) => gate.exclusive(async () => {
        await swap();
        const fresh = new NetlifyDev(netlifyOptions);
        await fresh.start();
        const previous = netlify;
        netlify = fresh;
        await previous.stop();
      });
      publisher = startLocalPublisher({ env: database.env, targetDir: servedDir, exclusive: swapAndReload, log: options.quiet ? () => {} : undefined, ...options.publisher });
      cleanup.push(() => publisher!.stop());
    }

    const headerRules = new HeadersHandler({ configPath: path.join(projectRoot, 'netlify.toml'), projectDir: projectRoot, publishDir: path.relative(projectRoot, distDirs.at(-1)!) || 'dist', logger: console });
    // Large enough that an over-long address reaches malformedRequest (414) instead of Node's bare 431.
    const server = createServer({ maxHeaderSize: 64 * 1024 }, (req, res) => {
      void (async () => {
        try {
          const malformed = malformedRequest(req);
          if (malformed) {
            refuse(res, ...malformed);
            return;
          }
          const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
          const fn = functions?.match(req.method ?? 'GET', pathname);
          if (fn) {
            const requestId = randomUUID();
            const request = await toRequest(req, requestId);
            await send(req, res, await fn.handler(request, localContext(request, fn, requestId, req.socket.remoteAddress ?? '')));
            return;
          }
          const leave = await gate.enter();
          try {
            // The build's _redirects (staff's redirects) come before netlify.toml's rules, as on Netlify.
            const redirect = await redirectFor(pathname);
            if (redirect) {
              const search = new URL(req.url ?? '/', 'http://localhost').search;
              const location = redirect.to.includes('?') ? redirect.to : `${redirect.to}${search}`;
              void withDb((db) => countRedirectHit(db, redirect.from)).catch(() => undefined);
              await send(req, res, new Response(null, { status: redirect.status, headers: { Location: location, 'Cache-Control': 'public, max-age=0, must-revalidate' } }));
              return;
            }
            const matched = await netlify.handleAndIntrospectNodeRequest(req);
            if (matched) {
              await send(req, res, matched.response);
              return;
            }
            // The header rules (netlify.toml, dist/_headers) reach the 404 page too, as on Netlify.
            const notFound = await notFoundPage(distDirs);
            const ruleHeaders = await headerRules.apply(new Request(new URL(req.url ?? '/', 'http://localhost')));
            for (const [key, value] of Object.entries(ruleHeaders)) notFound.headers.set(key, value);
            await send(req, res, notFound);
          } finally {
            leave();
          }
        } catch (error) {
          if (error instanceof BodyTooLargeError) {
            res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
            res.end(JSON.stringify({ error: `413: The request is larger than ${netlifyBodyLimit / 1024 / 1024} MB, more than Netlify passes to a function.` }));
            req.resume();
            return;
          }
          console.error(`Serving ${req.method} ${req.url} failed:`, error);
          if (res.headersSent) {
            res.destroy();
            return;
          }
          refuse(res, 500, 'The local server failed to answer this request; see its log.');
        }
      })();
    });
    // A request Node's parser refuses (headers over the limit, bad syntax) gets our error format too.
    server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      const [status, text] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : [400, 'Bad Request'];
      const body = JSON.stringify({ error: `${status}: The request could not be read (${text.toLowerCase()}). Check the link and try again.` });
      socket.end(`HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, resolve);
    });
    cleanup.push(() => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }));

    const url = `http://localhost:${options.port}`;
    if (!options.quiet) console.log(`Economy Plumbing Services is running at ${url}`);
    let stopping: Promise<void> | undefined;
    return { url, port: options.port, database, publisher, stop: () => (stopping ??= stopAll()) };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

runIfMain(import.meta.url, async () => {
  // One failed background task (an outbox attempt, a schedule) must not take the whole site down.
  process.on('unhandledRejection', (reason) => console.error('An unhandled rejection was logged; the site keeps running:', reason));
  const site = await startSite({ port: Number(process.env.PORT ?? 4321) });
  // The open server keeps the process running until Ctrl+C or SIGTERM.
  onShutdown(site.stop);
});
