/**
 * The Content-Security-Policy of the static pages, written after each build to `dist/_headers`
 * (Netlify serves it with every page; scripts/serve.ts applies it locally). Inline scripts are
 * allowed by their SHA-256 hashes, read from the built HTML, so a page that changes its inline
 * script changes the policy with it. The other security headers are fixed and live in netlify.toml.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Origins of the third-party tags, loaded only after consent (see src/lib/consent.ts). */
export const thirdPartyOrigins = {
  /** Google Analytics 4 through gtag.js. */
  analytics: { script: ['https://www.googletagmanager.com'], connect: ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'], img: [] as string[] },
  /** Meta pixel. */
  adPixel: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'], img: ['https://www.facebook.com'] },
  /** Microsoft Clarity. */
  recording: { script: ['https://www.clarity.ms', 'https://*.clarity.ms'], connect: ['https://*.clarity.ms'], img: ['https://*.clarity.ms', 'https://c.bing.com'] },
} as const;

const executable = (attributes: string) => {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
  return type === undefined || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
};

/** The 'sha256-…' source of every inline executable script in `html` (JSON-LD and other data blocks are not scripts). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes) || !executable(attributes) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The policy for pages whose inline scripts have `hashes`; `schedulerUrl` adds the scheduling widget's origin. */
export function contentSecurityPolicy(hashes: Iterable<string>, schedulerUrl?: string): string {
  const tags = Object.values(thirdPartyOrigins);
  let scheduler: string[] = [];
  if (schedulerUrl) {
    try {
      scheduler = [new URL(schedulerUrl).origin];
    } catch {
      scheduler = [];
    }
  }
  const list = (...sources: (readonly string[])[]) => [...new Set(sources.flat())].join(' ');
  return [
    "default-src 'self'",
    `script-src ${list(["'self'"], [...new Set(hashes)].sort(), ...tags.map((t) => t.script), scheduler)}`,
    // React and the islands set style attributes; hashes cannot allow those.
    "style-src 'self' 'unsafe-inline'",
    // Review photos come from several providers' CDNs; an image cannot run code.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${list(["'self'"], ...tags.map((t) => t.connect), scheduler)}`,
    `frame-src ${list(["'self'"], scheduler)}`,
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return htmlFiles(full);
    return Promise.resolve(e.name.endsWith('.html') ? [full] : []);
  }));
  return nested.flat();
}

/** Reads every built page and writes `dist/_headers` with the policy for all of them; returns the policy. */
export async function writeSecurityHeaders(distDir: string, schedulerUrl = process.env.PUBLIC_SCHEDULER_SCRIPT_URL): Promise<string> {
  const hashes = new Set<string>();
  for (const file of await htmlFiles(distDir)) for (const hash of inlineScriptHashes(await readFile(file, 'utf8'))) hashes.add(hash);
  const policy = contentSecurityPolicy(hashes, schedulerUrl);
  await writeFile(path.join(distDir, '_headers'), `# Written by scripts/lib/security-headers.ts after each build.\n/*\n  Content-Security-Policy: ${policy}\n`);
  return policy;
}
