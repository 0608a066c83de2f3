/**
 * Redirects staff create from the 404 log: which existing pages a missing path most likely meant,
 * the rules a redirect must keep (same site, no chains or loops, never over a real page), and the
 * `_redirects` file the build writes for Netlify and the local server.
 */

/** A site path as redirects store it: starts with one /, no query, fragment, spaces or wildcards, no trailing slash. */
export function normaliseRedirectPath(raw: string): string {
  const trimmed = raw.trim();
  return trimmed.length > 1 ? trimmed.replace(/\/+$/, '') || '/' : trimmed;
}

/** Paths that are never a redirect's source: the API, the admin, built assets, Netlify's own. */
const reservedPrefixes = ['/api/', '/admin', '/_astro/', '/.netlify/'];

const pathShape = /^\/[A-Za-z0-9\-._~%!$&'()+,;=:@/]*$/;

/** Why `path` cannot be a redirect's source path, or undefined. */
export function fromPathProblem(path: string): string | undefined {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return 'Enter a path on this site that starts with a single /, like /old-page.';
  if (path === '/') return 'The home page cannot be redirected.';
  if (path.length > 512) return 'The path has at most 512 characters.';
  if (!pathShape.test(path) || path.includes('*')) return 'Enter only the path: no spaces, *, ? or #.';
  if (reservedPrefixes.some((p) => path === p.replace(/\/$/, '') || path.startsWith(p))) return 'Paths under /api, /admin, /_astro and /.netlify cannot be redirected.';
  return undefined;
}

/** Why `to` cannot be a redirect's target, or undefined: only same-site paths, never another site. */
export function toPathProblem(to: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(to)) return 'Redirect to a page of this site: enter its path (like /drain-cleaning), not a full address.';
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\') || /[\\\s]/.test(to)) return 'Enter a path on this site that starts with a single /, like /drain-cleaning.';
  if (to.length > 512) return 'The path has at most 512 characters.';
  return undefined;
}

export interface RedirectRule { from: string; to: string }

/**
 * Checks a redirect against the site's pages and the other redirects (`others` excludes the one
 * being edited). Returns a sentence per field that is wrong; empty when the redirect is fine.
 */
export function redirectProblems(rule: RedirectRule, pages: ReadonlySet<string>, others: readonly RedirectRule[]): Partial<Record<'from' | 'to', string>> {
  const problems: Partial<Record<'from' | 'to', string>> = {};
  const fromProblem = fromPathProblem(rule.from);
  if (fromProblem) problems.from = fromProblem;
  else if (pages.has(rule.from)) problems.from = `The path ${rule.from} is a page of this site, so it cannot be redirected.`;
  else if (others.some((r) => r.from === rule.from)) problems.from = `The path ${rule.from} already redirects; edit that redirect instead.`;
  else if (others.some((r) => r.to === rule.from)) problems.from = `Another redirect points at ${rule.from}; a redirect from it would make a chain. Point that one at the final page instead.`;

  const toProblem = toPathProblem(rule.to);
  const toPath = rule.to.split(/[?#]/)[0]!;
  if (toProblem) problems.to = toProblem;
  else if (toPath === rule.from) problems.to = 'A redirect cannot point at its own path.';
  else if (others.some((r) => r.from === toPath)) problems.to = `The path ${toPath} itself redirects; point at the page it leads to instead, so visitors are not sent on twice.`;
  else if (!pages.has(toPath)) problems.to = `The path ${toPath} is not a page of this site. Choose one of the suggested pages, or the path of a page that exists.`;
  return problems;
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length]!;
}

const words = (path: string) => path.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1);

/**
 * How alike two paths are, 0–1: the mean of their edit similarity (typos, small changes) and the
 * share of words they have in common (reordered or extra words, like /plumber-in-austin-tx).
 */
export function pathSimilarity(a: string, b: string): number {
  const x = a.toLowerCase().replace(/\/+$/, '');
  const y = b.toLowerCase().replace(/\/+$/, '');
  const edit = 1 - levenshtein(x, y) / Math.max(x.length, y.length, 1);
  const wa = new Set(words(x));
  const wb = new Set(words(y));
  // Words match when one starts with the other (plural, truncated): "heaters" ~ "heater".
  let shared = 0;
  for (const w of wa) if ([...wb].some((v) => v === w || (Math.min(v.length, w.length) >= 4 && (v.startsWith(w) || w.startsWith(v))))) shared++;
  const overlap = wa.size + wb.size === 0 ? 0 : (2 * shared) / (wa.size + wb.size);
  return (edit + overlap) / 2;
}

/** The existing pages a missing path most likely meant, best first (at most `limit`, each at least `min` alike). */
export function suggestTargets(missing: string, pages: Iterable<string>, limit = 3, min = 0.35): string[] {
  const scored = [...new Set(pages)]
    .filter((p) => p !== missing)
    .map((p) => ({ p, score: pathSimilarity(missing, p) }))
    .filter((s) => s.score >= min)
    .sort((a, b) => b.score - a.score || a.p.length - b.p.length || a.p.localeCompare(b.p));
  return scored.slice(0, limit).map((s) => s.p);
}

/** The `_redirects` file (Netlify's format): one `from to 301` line per redirect, in a stable order. */
export function formatRedirectsFile(rules: readonly RedirectRule[]): string {
  const lines = [...rules].sort((a, b) => a.from.localeCompare(b.from)).map((r) => `${r.from} ${r.to} 301`);
  return `# Written by the build from the redirects staff keep in admin (/admin/not-found).\n${lines.join('\n')}${lines.length ? '\n' : ''}`;
}

/** Reads a `_redirects` file back: exact-path 301/302 rules (the only kind the build writes). */
export function parseRedirectsFile(text: string): Map<string, { to: string; status: number }> {
  const rules = new Map<string, { to: string; status: number }>();
  for (const line of text.split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (!from || !to || from.startsWith('#')) continue;
    const code = Number(status ?? 301);
    if (!rules.has(from)) rules.set(from, { to, status: code === 302 ? 302 : 301 });
  }
  return rules;
}
