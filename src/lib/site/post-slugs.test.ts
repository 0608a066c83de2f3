import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { postSlugProblem, reservedSegments } from './post-slugs';

describe('post slugs', () => {
  test('every service, city and other page address is taken', () => {
    for (const slug of ['drain-cleaning', 'plumber-austin', 'about', 'faq', 'blog', 'store', 'success-stories', 'contact', 'admin', 'api']) {
      expect(postSlugProblem(slug), slug).toMatch(/already a page/);
    }
    expect(postSlugProblem('fixing-a-running-toilet')).toBeUndefined();
  });

  test('the reserved list covers every folder and file route in src/pages, every folder in public/ and every netlify.toml redirect', () => {
    const reserved = new Set<string>(reservedSegments);
    const pages = readdirSync('src/pages', { withFileTypes: true });
    for (const entry of pages) {
      const name = entry.name.replace(/\.(astro|ts)$/, '').replace(/\.(xml|txt)$/, '');
      if (name.startsWith('[') || name === 'index') continue;
      if (entry.isDirectory() || /\.(xml|txt)\.ts$/.test(entry.name)) expect(reserved.has(name) || postSlugProblem(name) !== undefined, entry.name).toBe(true);
      else expect(postSlugProblem(name), entry.name).toBeDefined();
    }
    for (const entry of readdirSync('public', { withFileTypes: true })) if (entry.isDirectory()) expect(reserved.has(entry.name), entry.name).toBe(true);
    const sources = [...readFileSync('netlify.toml', 'utf8').matchAll(/from = "\/([^/"]+)/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(3);
    for (const first of sources) expect(postSlugProblem(first), first).toBeDefined();
  });
});
