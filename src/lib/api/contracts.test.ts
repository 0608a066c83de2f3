import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { adminContracts, contracts, libraryRoutes, pageFunctionRoutes } from './index';

const functionsDir = 'netlify/functions';

/** Netlify reads `config.path` from the source text, so it must be a string literal (or a list of them). */
function literalPaths(source: string): string[] | undefined {
  const config = /export\s+const\s+config\s*(?::\s*\w+\s*)?=\s*\{([\s\S]*?)\}\s*(?:satisfies\s+\w+\s*)?;/.exec(source)?.[1];
  const value = config && /\bpath\s*:\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/.exec(config)?.[1];
  if (!value) return undefined;
  return [...value.matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]!);
}

const functionFiles = (await readdir(functionsDir)).filter((f) => /\.(m?ts|m?js)$/.test(f));
const functionPaths = new Map<string, string[] | undefined>();
for (const file of functionFiles) functionPaths.set(file, literalPaths(await readFile(`${functionsDir}/${file}`, 'utf8')));
/** Scheduled functions (`config.schedule` and no path) are run by Netlify on their schedule, not requested by URL. */
const scheduledFiles = new Set<string>();
for (const file of functionFiles) {
  if (!functionPaths.get(file) && /export\s+const\s+config\s*(?::\s*\w+\s*)?=\s*\{[^}]*\bschedule\s*:\s*'[^']+'/.test(await readFile(`${functionsDir}/${file}`, 'utf8'))) scheduledFiles.add(file);
}

const isStrictObject = (schema: z.ZodType) => {
  const def = (schema as { def?: { type?: string; catchall?: { def?: { type?: string } } } }).def;
  return def?.type === 'object' && def.catchall?.def?.type === 'never';
};

describe('API contracts and functions', () => {
  test.each(functionFiles.filter((f) => !scheduledFiles.has(f)))('%s declares a literal config.path that a contract owns', (file) => {
    const paths = functionPaths.get(file);
    expect(paths, `${functionsDir}/${file} needs export const config = { path: '/api/...' } with a literal path`).toBeDefined();
    for (const path of paths ?? []) {
      if ((libraryRoutes as readonly string[]).includes(path) || (pageFunctionRoutes as readonly string[]).includes(path)) continue;
      expect(contracts.map((c) => c.path), `${path} in ${file} has no contract in src/lib/api`).toContain(path);
    }
  });

  test.each(contracts.map((c) => [c.path, c] as const))('%s is answered by a function', (path) => {
    const owners = [...functionPaths].filter(([, paths]) => paths?.includes(path)).map(([file]) => file);
    expect(owners, `no file in ${functionsDir} has config.path '${path}'`).toHaveLength(1);
  });

  test.each(contracts.filter((c) => c.path.startsWith('/api/admin/')).map((c) => [`${c.method} ${c.path}`, c] as const))('%s is staff-only', (_name, contract) => {
    expect(['staff', 'owner'], `${contract.path} is under /api/admin/ and must have access 'staff' or 'owner'`).toContain(contract.access);
  });

  test('every /api/admin/ contract is listed in adminContracts, and every function under /api/admin/ has one', () => {
    const adminPaths = [...functionPaths.values()].flat().filter((p): p is string => !!p && p.startsWith('/api/admin/'));
    for (const path of adminPaths) expect(adminContracts.map((c) => c.path)).toContain(path);
    expect(contracts.filter((c) => c.path.startsWith('/api/admin/'))).toEqual([...adminContracts]);
  });

  test('no two contracts share a path and method', () => {
    const keys = contracts.map((c) => `${c.method} ${c.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test.each(contracts.map((c) => [c.path, c] as const))('%s rejects unknown fields (strict request and query schemas)', (_path, contract) => {
    for (const schema of [contract.request, contract.query]) {
      if (schema) expect(isStrictObject(schema), 'use z.strictObject for request and query schemas').toBe(true);
    }
  });
});
