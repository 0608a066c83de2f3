import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
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

describe('the functions bundled by Netlify', () => {
  let site: RunningSite;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    process.env.CHAT_RATE_LIMIT = 'off';
    ({ site, stop } = await startTestSite(noDatabaseEnv, { functions: 'netlify-dev' }));
  });
  afterAll(async () => {
    delete process.env.CHAT_RATE_LIMIT;
    await stop?.();
  });

  // @netlify/dev bundles each function with Netlify's own bundler: proof that they deploy as written.
  // Its first request bundles every function, which takes longer as functions are added.
  test('GET /api/health still answers', async () => {
    const response = await fetch(`${site.url}/api/health`);
    expect(await response.json()).toEqual({ ok: true, db: 'pglite', migrations: migrationCount });
  }, 300_000);

  test('every other function bundles and answers without a server error', async () => {
    // One request per function file (its first path): each request starts a fresh worker here.
    for (const file of (await readdir('netlify/functions')).filter((f) => f.endsWith('.ts'))) {
      const source = await readFile(`netlify/functions/${file}`, 'utf8');
      const first = /\bpath:\s*\[?\s*'([^']+)'/.exec(source)?.[1];
      if (!first || first === '/api/health') continue;
      const response = await fetch(`${site.url}${first.replace(/:\w+/g, '1').replace(/\/\*$/, '/get-session')}`);
      expect(response.status, `${file}: GET ${first}`).toBeLessThan(500);
      expect(response.headers.get('x-content-type-options'), first).toBe('nosniff');
    }
  }, 300_000);

  // The assistant's content index (a JSON import) must survive bundling. The local runtime
  // base64-decodes multipart bodies (a 49-byte garble arrives for a 400-byte form), so a photo
  // cannot be uploaded through it; the photo functions are only checked to load and answer.
  test('the chat answers from its bundled content index, and the photo functions load and answer', async () => {
    const post = (path: string, body: unknown) => fetch(`${site.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const chat = { messages: [{ role: 'user', content: 'Do you serve 78613?' }], sessionId: `session_${Date.now()}`, conversationId: `conv_${Date.now()}`, pageContext: '/' };
    expect((await (await post('/api/chatbot', chat)).json()).message).toContain('Cedar Park');
    expect((await post('/api/chatbot/upload-image', {})).status).toBe(415);
    expect((await fetch(`${site.url}/api/chatbot/image/${'0'.repeat(32)}`)).status).toBe(404);
  }, 180_000);
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
