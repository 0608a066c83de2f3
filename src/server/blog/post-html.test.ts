import { describe, expect, test } from 'vitest';
import { postHtml } from './post-html';

describe('postHtml', () => {
  test('keeps the formatting a post needs', async () => {
    const html = await postHtml('# Title\n\nSome **bold** text and a [link](/drain-cleaning).\n\n- one\n- two');
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<a href="/drain-cleaning">link</a>');
    expect(html).toContain('<li>one</li>');
  });

  test.each([
    ['a script tag', '<script>alert(1)</script>', /<script/i],
    ['an event handler', '<img src="https://x.example/a.png" onerror="alert(1)">', /onerror/i],
    ['a javascript: link', '[click](javascript:alert(1))', /javascript:/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['a style block', '<style>body{display:none}</style>', /<style/i],
    ['a protocol-relative image', '<img src="//evil.example/x.png">', /evil\.example/],
    ['a data: image', '<img src="data:image/svg+xml,<svg onload=alert(1)>">', /data:/],
  ])('removes %s', async (_what, markdown, forbidden) => {
    expect(await postHtml(markdown)).not.toMatch(forbidden);
  });

  test('outside links open with rel="noopener noreferrer"', async () => {
    expect(await postHtml('[Texas](https://www.tdlr.texas.gov/)')).toContain('rel="noopener noreferrer"');
  });
});
