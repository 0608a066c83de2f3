import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './security-headers';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  test('hashes inline scripts and modules, not scripts with src or JSON-LD', () => {
    const html = '<script>var a=1;</script><script type="module">import "x";</script><script src="/_astro/x.js"></script>'
      + '<script type="application/ld+json">{"@type":"Plumber"}</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('var a=1;'), sha('import "x";')]);
  });
});

describe('contentSecurityPolicy', () => {
  const policy = contentSecurityPolicy([sha('var a=1;')], 'https://widget.example.com/embed.js');

  test('allows the inline scripts by hash and no others', () => {
    expect(policy).toContain(`script-src 'self' ${sha('var a=1;')}`);
    expect(policy).not.toContain("'unsafe-inline' 'sha256");
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  test('locks down objects, the base URL and framing', () => {
    for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "default-src 'self'"]) expect(policy).toContain(directive);
  });

  test('lists the consented tags and the scheduling widget', () => {
    for (const origin of ['https://www.googletagmanager.com', 'https://connect.facebook.net', 'https://www.clarity.ms', 'https://widget.example.com']) expect(policy).toContain(origin);
  });
});
