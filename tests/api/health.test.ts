import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createDb } from '../../src/server/db/connect';
import { migrateToLatest } from '../../src/server/db/migrate';
import { createTestSchema } from '../../src/server/db/test-databases';
import type { RunningSite } from '../../scripts/serve';
import { errorFormat, noDatabaseEnv, startTestSite } from '../support/test-site';

const migrationCount = (await readdir('src/server/db/migrations')).filter((f) => f.endsWith('.ts')).length;

function expectSecurityHeaders(response: Response): void {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

describe('the site server on PGlite', () => {
  let site: RunningSite;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ site, stop } = await startTestSite(noDatabaseEnv));
  });
  afterAll(async () => {
    await stop?.();
  });

  test('GET /api/health reports the PGlite database and its migrations', async () => {
    const response = await fetch(`${site.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: 'pglite', migrations: migrationCount });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(response);
  });

  test('POST /api/health answers 405 in the error format, with Allow', async () => {
    const response = await fetch(`${site.url}/api/health`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect((await response.json()).error).toMatch(/^405: /);
    expectSecurityHeaders(response);
  });

  test('junk bodies, wrong content types and odd queries get a 4xx in the error format, never a 500', async () => {
    const attempts: RequestInit[] = [
      { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'DROP TABLE blog_posts;' },
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"ok": tru' },
      { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(64 * 1024) },
      { method: 'DELETE' },
    ];
    for (const init of attempts) {
      const response = await fetch(`${site.url}/api/health`, init);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect((await response.json()).error).toMatch(errorFormat);
    }
    const odd = await fetch(`${site.url}/api/health?x=%FF&x=2&__proto__=1`);
    expect(odd.status).toBe(200);
  });

  test('HEAD /api/health answers 200 without a body', async () => {
    const response = await fetch(`${site.url}/api/health`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  test('50 concurrent health checks all succeed through the one PGlite instance', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => fetch(`${site.url}/api/health`)));
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(200));
    await Promise.all(responses.map((r) => r.text()));
  });

  test('netlify.toml redirects answer 301 with the new location', async () => {
    const response = await fetch(`${site.url}/toilet-repair-services`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(new URL(response.headers.get('location') ?? '', site.url).pathname).toBe('/toilet-faucet');
  });

  test('an unknown path answers 404 with the 404 page', async () => {
    const response = await fetch(`${site.url}/no-such-page-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toContain('Page Not Found');
  });
});

describe('the site server on PostgreSQL', () => {
  let site: RunningSite;
  let stop: () => Promise<void>;
  let dropSchema: () => Promise<void>;
  beforeAll(async () => {
    const schema = await createTestSchema();
    dropSchema = schema.drop;
    ({ site, stop } = await startTestSite({ ...noDatabaseEnv, DATABASE_URL: schema.url }));
  });
  afterAll(async () => {
    await stop?.();
    await dropSchema?.();
  });

  test('GET /api/health reports PostgreSQL and its migrations', async () => {
    const response = await fetch(`${site.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: 'postgres', migrations: migrationCount });
  });
});

/** netlify.toml's [functions] settings in the form Netlify's bundler takes (camelCase keys). */
async function functionsConfig(): Promise<Record<string, Record<string, unknown>>> {
  const { resolveConfig } = await import('@netlify/config');
  const { config } = await resolveConfig({ config: 'netlify.toml', cwd: process.cwd(), offline: true, buffer: true });
  const camel = (key: string) => key.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
  return Object.fromEntries(Object.entries(config.functions ?? {}).map(([name, settings]) => [name, Object.fromEntries(Object.entries(settings as object).filter(([key]) => key !== 'directory').map(([key, value]) => [camel(key), value]))]));
}

describe('the functions as Netlify bundles them', () => {
  // Netlify's own bundler (@netlify/zip-it-and-ship-it, with netlify.toml's settings) builds every
  // function as a deploy does; each bundle is then loaded and called: proof that they deploy as
  // written. One pass bundles them all: about 70 s for the 43 functions on two quiet cores, and loading them
  // about 40 s more. (Netlify forces its nft bundler for every v2 function, so each bundle carries its own
  // copy of the node_modules it traces: netlify.toml's node_bundler setting does not apply to them.)
  // In memory where the machine has it: the bundles are some 90,000 small files, and on a slow disk writing
  // and removing them took most of this test's time.
  const out = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'eps-functions-'));
  const sources = readdirSync('netlify/functions').filter((f) => f.endsWith('.ts'));
  let bundled: { name: string; path: string }[] = [];
  const savedEnv = { ...process.env };
  let dropSchema: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // The bundles connect the way deployed functions do: over a URL, here to a migrated test schema.
    const schema = await createTestSchema();
    dropSchema = schema.drop;
    const db = createDb({ DATABASE_URL: schema.url });
    await migrateToLatest(db);
    await db.destroy();
    delete process.env.NETLIFY_DATABASE_URL;
    Object.assign(process.env, { DATABASE_URL: schema.url, CHAT_RATE_LIMIT: 'off', RATE_LIMIT_DISABLED: '1' });
    const { zipFunctions } = await import('@netlify/zip-it-and-ship-it');
    bundled = await zipFunctions(['netlify/functions'], out, { archiveFormat: 'none', basePath: process.cwd(), config: await functionsConfig() });
  }, 600_000);
  afterAll(async () => {
    process.env = savedEnv;
    await dropSchema?.();
    // Every bundle carries its own copy of the modules it uses, so this folder is large: removing it
    // without blocking, and with time to spare on a busy machine, keeps the hook from timing out.
    await rm(out, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }, 600_000);

  /** A bundled function's own module (what Netlify's bootstrap imports), called as Netlify calls it. */
  const call = async (name: string, request: Request): Promise<Response> => {
    const entry = path.join(out, name, 'netlify', 'functions', `${name}.mjs`);
    const mod = (await import(pathToFileURL(entry).href)) as { default: (request: Request, context: unknown) => Promise<Response> };
    const context = { ip: '127.0.0.1', requestId: `bundle-${name}`, geo: {}, params: {}, waitUntil: (promise: Promise<unknown>) => void promise.catch(() => {}) };
    return mod.default(request, context);
  };

  test('every function bundles', () => {
    expect(bundled.map((f) => f.name).sort()).toEqual(sources.map((f) => f.replace(/\.ts$/, '')).sort());
  });

  test('every bundle loads and answers its first path without a server error', async () => {
    for (const file of sources) {
      const name = file.replace(/\.ts$/, '');
      const source = readFileSync(`netlify/functions/${file}`, 'utf8');
      const first = /\bpath:\s*\[?\s*'([^']+)'/.exec(source)?.[1];
      if (!first) continue;
      const response = await call(name, new Request(`http://localhost${first.replace(/:\w+/g, '1').replace(/\/\*$/, '/get-session')}`));
      expect(response.status, `${file}: GET ${first}`).toBeLessThan(500);
      expect(response.headers.get('x-content-type-options'), first).toBe('nosniff');
    }
    // Loading every bundle takes about a minute on a quiet machine; a clean run on a busy one took more
    // than two, and the loop then went on after afterAll had restored the environment.
  }, 300_000);

  test('the chat answers from its bundled content index, and the photo functions load and answer', async () => {
    const post = (name: string, path: string, body: unknown) => call(name, new Request(`http://localhost${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://localhost' }, body: JSON.stringify(body) }));
    const chat = { messages: [{ role: 'user', content: 'Do you serve 78613?' }], sessionId: `session_${Date.now()}`, conversationId: `conv_${Date.now()}`, pageContext: '/' };
    expect((await (await post('chatbot', '/api/chatbot', chat)).json()).message).toContain('Cedar Park');
    expect((await post('chatbot-upload-image', '/api/chatbot/upload-image', {})).status).toBe(415);
    expect((await call('chatbot-image', new Request(`http://localhost/api/chatbot/image/${'0'.repeat(32)}`))).status).toBe(404);
  }, 60_000);
});

describe('the health function without a database', () => {
  test('answers 503 in the error format when the database does not answer', async () => {
    const { default: health } = await import('../../netlify/functions/health');
    const saved = { url: process.env.DATABASE_URL, label: process.env.DB_LABEL };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Port 1 on loopback refuses connections at once.
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/none';
    delete process.env.DB_LABEL;
    try {
      const response = await health(new Request('http://localhost/api/health'));
      expect(response.status).toBe(503);
      expect((await response.json()).error).toMatch(/^503: Our system is not answering right now.*\(512\) 368-9159.*\(830\) 460-3565/);
      expect(String(logged.mock.calls[0]?.[0])).toContain('database check failed');
    } finally {
      logged.mockRestore();
      if (saved.url === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved.url;
      if (saved.label !== undefined) process.env.DB_LABEL = saved.label;
    }
  });
});
