/**
 * Browser code never imports server code: src/islands, src/lib and src/components may not import
 * anything under src/server (secrets, the database, Node modules would reach a page's bundle).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const root = path.resolve('src');
const serverDir = path.join(root, 'server');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return Promise.resolve(/\.(ts|tsx|astro|mjs|js)$/.test(e.name) ? [full] : []);
  }));
  return nested.flat();
}

/** The relative imports of `file` that resolve into src/server. */
export async function serverImports(file: string): Promise<string[]> {
  const text = await readFile(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm)]
    .map((m) => m[1] ?? m[2] ?? m[3]!)
    .filter((s) => s.startsWith('.'));
  return specifiers.filter((s) => {
    const target = path.resolve(path.dirname(file), s);
    return target === serverDir || target.startsWith(serverDir + path.sep);
  });
}

describe('the import boundary', () => {
  test.each(['islands', 'lib', 'components'])('nothing in src/%s imports src/server', async (folder) => {
    const offenders: string[] = [];
    for (const file of await sourceFiles(path.join(root, folder))) {
      for (const specifier of await serverImports(file)) offenders.push(`${path.relative(root, file)} imports ${specifier}`);
    }
    expect(offenders).toEqual([]);
  });

  test('the check itself finds such an import', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(path.join(tmpdir(), 'boundary-'));
    const specifier = `${path.relative(dir, serverDir)}/db/connect`;
    const probe = path.join(dir, 'probe.ts');
    await writeFile(probe, `import { withDb } from '${specifier}';\nexport const x = withDb;\n`);
    try {
      expect(await serverImports(probe)).toEqual([specifier]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
