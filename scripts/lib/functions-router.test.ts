import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadFunctions } from './functions-router';

const fn = (config: string) => `export default () => new Response('ok');\nexport const config = ${config};\n`;

let dir: string;
let router: Awaited<ReturnType<typeof loadFunctions>>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'epl-functions-'));
  await writeFile(path.join(dir, 'health.mjs'), fn("{ path: '/api/health' }"));
  await writeFile(path.join(dir, 'review.mjs'), fn("{ path: ['/api/reviews/:id', '/api/review/:id'], method: ['GET'] }"));
  await writeFile(path.join(dir, 'admin.mjs'), fn("{ path: '/api/admin/*', excludedPath: '/api/admin/public' }"));
  await writeFile(path.join(dir, 'legacy.mjs'), 'export default () => new Response("v1");\n');
  router = await loadFunctions(dir);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadFunctions', () => {
  test('matches a literal path, ignoring case and a trailing slash', () => {
    expect(router.match('POST', '/api/health')?.name).toBe('health');
    expect(router.match('GET', '/API/Health/')?.name).toBe('health');
    expect(router.match('GET', '/api/healthz')).toBeUndefined();
  });

  test('passes :name segments as params and honours config.method', () => {
    expect(router.match('GET', '/api/reviews/42')).toMatchObject({ name: 'review', params: { id: '42' } });
    expect(router.match('GET', '/api/review/7')?.params).toEqual({ id: '7' });
    expect(router.match('POST', '/api/reviews/42')).toBeUndefined();
  });

  test('matches the rest of the path with a final * and leaves out excluded paths', () => {
    expect(router.match('GET', '/api/admin')?.name).toBe('admin');
    expect(router.match('GET', '/api/admin/leads/3')?.name).toBe('admin');
    expect(router.match('GET', '/api/admin/public')).toBeUndefined();
  });

  test('serves a function without config.path at /.netlify/functions/<name>', () => {
    expect(router.match('GET', '/.netlify/functions/legacy')?.name).toBe('legacy');
  });
});
