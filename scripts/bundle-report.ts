/**
 * Bytes each page type sends before any interaction (gzip): HTML (with its inlined CSS), external
 * CSS and the JavaScript it loads, following static imports between chunks. Islands count with
 * their framework renderer: `client:load`/`idle`/`media`/`only` ones as loaded before interaction,
 * `client:visible` and `client:interaction` ones apart (they load when scrolled into view or when the
 * form is first touched; shown as "later KB").
 * Checks DESIGN §6: home ≤ 60 KB of HTML+CSS+JS and ≤ 20 KB of JS.
 *
 * First flight: TCP's first round trip carries about 14 KB, so what the first paint needs must fit in
 * it. Per page type this prints the brotli bytes (quality 11) of the HTML up to the end of the first
 * screen's markup, which is the end of the main landmark's first <section> (every page opens with its
 * hero there), and of the whole HTML; it fails when a first screen is over 14 KB.
 * Usage: npm run bundle:report
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageTypes } from '../tests/support/routes.ts';

const dist = 'dist';
const gz = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;
const br = (text: string) => brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (n: number) => (n / 1024).toFixed(1).padStart(6);
/** What TCP's first round trip carries (ten segments), rounded down. */
export const firstFlightBytes = 14 * 1024;

function htmlFile(path: string): string {
  if (path === '/') return join(dist, 'index.html');
  const file = join(dist, `${path.slice(1)}.html`);
  return existsSync(file) ? file : join(dist, path.slice(1), 'index.html');
}

function jsClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const src = queue.pop()!;
    if (seen.has(src) || !src.startsWith('/')) continue;
    seen.add(src);
    const code = readFileSync(join(dist, src), 'utf8');
    // Static imports only: dynamic import() loads on use, not on page load.
    for (const m of code.matchAll(/(?:^|[;\s])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) {
      queue.push(new URL(m[1]!, `http://x${src}`).pathname);
    }
  }
  return seen;
}

/**
 * Where the first screen's markup ends: after the hero, the section `#first-screen` that the first
 * frame waits for (BaseLayout's `<link rel="expect">`), else after the main landmark's first <section>.
 */
export function firstScreenEnd(html: string): number {
  const marked = html.search(/<section id="first-screen"/);
  const start = marked >= 0 ? marked : html.indexOf('<section', html.indexOf('<main'));
  if (start < 0) return html.length;
  const tags = /<(\/?)section\b/g;
  tags.lastIndex = start;
  let depth = 0;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.indexOf('>', m.index) + 1;
  }
  return html.length;
}

/** Brotli bytes of the first screen's markup and of the whole page. */
export function firstFlight(path: string) {
  const html = readFileSync(htmlFile(path), 'utf8');
  return { firstScreen: br(html.slice(0, firstScreenEnd(html))), whole: br(html) };
}

export function measure(path: string) {
  const html = readFileSync(htmlFile(path), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]!);
  const inlineModules = [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].flatMap((m) => [...m[1]!.matchAll(/import\s*(?:[\w*{}\s,$]+from\s*)?["'](\/_astro\/[^"']+)["']/g)].map((x) => x[1]!));
  const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((m) => ({
    files: [...m[0].matchAll(/(?:component|renderer)-url="([^"]+)"/g)].map((x) => x[1]!),
    later: /\bclient="(visible|interaction)"/.test(m[0]),
  }));
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
  const js = jsClosure([...scripts, ...inlineModules, ...islands.filter((i) => !i.later).flatMap((i) => i.files)]);
  const later = [...jsClosure(islands.filter((i) => i.later).flatMap((i) => i.files))].filter((f) => !js.has(f));
  const bytesOf = (files: Iterable<string>) => [...files].reduce((n, f) => n + gz(readFileSync(join(dist, f))), 0);
  const jsBytes = bytesOf(js);
  const laterJsBytes = bytesOf(later);
  const cssBytes = css.reduce((n, f) => n + gz(readFileSync(join(dist, f))), 0);
  const htmlBytes = gz(html);
  return { htmlBytes, cssBytes, jsBytes, laterJsBytes, total: htmlBytes + cssBytes + jsBytes, files: js.size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log('page type        HTML KB  CSS KB   JS KB  total KB  later KB  (gzip; JS files before interaction; later: on view or first touch)');
  const rows = Object.entries(pageTypes).map(([type, path]) => [type, measure(path)] as const);
  for (const [type, m] of rows) console.log(`${type.padEnd(15)} ${kb(m.htmlBytes)}  ${kb(m.cssBytes)}  ${kb(m.jsBytes)}  ${kb(m.total)}    ${kb(m.laterJsBytes)}  (${m.files})`);
  console.log('\npage type        first screen KB  whole page KB  (brotli; the first screen ends with the hero)');
  const flights = Object.entries(pageTypes).map(([type, path]) => [type, firstFlight(path)] as const);
  for (const [type, f] of flights) console.log(`${type.padEnd(15)} ${kb(f.firstScreen)}           ${kb(f.whole)}`);
  const home = rows.find(([t]) => t === 'home')![1];
  const problems = [
    ...flights.filter(([, f]) => f.firstScreen > firstFlightBytes).map(([type, f]) => `${type}'s first screen is ${kb(f.firstScreen).trim()} KB brotli; it must fit in the first ${firstFlightBytes / 1024} KB`),
    home.total > 60 * 1024 && `home sends ${kb(home.total).trim()} KB before interaction; the budget is 60 KB`,
    home.jsBytes > 20 * 1024 && `home runs ${kb(home.jsBytes).trim()} KB of JavaScript on load; the budget is 20 KB`,
  ].filter(Boolean);
  if (problems.length) {
    console.error(`\nBundle budget missed:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`\nHome is within the 60 KB page and 20 KB JavaScript budgets, and every first screen within ${firstFlightBytes / 1024} KB.`);
}
