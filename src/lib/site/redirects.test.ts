import { describe, expect, test } from 'vitest';
import { publicPageRoutes } from './public-routes';
import { formatRedirectsFile, fromPathProblem, normaliseRedirectPath, parseRedirectsFile, pathSimilarity, redirectProblems, suggestTargets, toPathProblem } from './redirects';

const pages = new Set(publicPageRoutes);

describe('suggested targets for a missing path', () => {
  test('a typo, a plural or extra words find the page meant', () => {
    expect(suggestTargets('/drain-cleanin', pages)[0]).toBe('/drain-cleaning');
    expect(suggestTargets('/toilet-faucets', pages)[0]).toBe('/toilet-faucet');
    expect(suggestTargets('/services/hydro-jetting', pages)).toContain('/hydro-jetting-services');
  });

  test('at most three, best first, and nothing for a path like no page', () => {
    expect(suggestTargets('/drain', pages).length).toBeLessThanOrEqual(3);
    expect(suggestTargets('/zzqxv-9981-kkkw', pages)).toEqual([]);
  });

  test('similarity is symmetric, 1 for the same path and lower for less alike paths', () => {
    expect(pathSimilarity('/faq', '/faq')).toBe(1);
    expect(pathSimilarity('/drain-cleaning', '/drain-cleanin')).toBeCloseTo(pathSimilarity('/drain-cleanin', '/drain-cleaning'));
    expect(pathSimilarity('/drain-cleanin', '/drain-cleaning')).toBeGreaterThan(pathSimilarity('/drain-cleanin', '/about'));
  });
});

describe('redirect rules', () => {
  test('the source must be a plain same-site path that is not a page', () => {
    expect(fromPathProblem('/old-page')).toBeUndefined();
    for (const bad of ['old', '//evil.example', '/\\evil', '/', '/a b', '/x?y=1', '/x#y', '/x*', '/api/contact', '/admin/leads', '/_astro/x.js', `/${'a'.repeat(600)}`]) {
      expect(fromPathProblem(bad), bad).toMatch(/\.$/);
    }
    expect(redirectProblems({ from: '/faq', to: '/about' }, pages, []).from).toMatch(/is a page of this site/);
  });

  test('the target must be a page of this site: no other site, protocol-relative or unknown path', () => {
    for (const bad of ['https://evil.example/', 'javascript:alert(1)', '//evil.example/x', '/\\evil.example', 'about']) expect(toPathProblem(bad), bad).toBeDefined();
    expect(redirectProblems({ from: '/old', to: '/no-such-page' }, pages, []).to).toMatch(/not a page of this site/);
    expect(redirectProblems({ from: '/old', to: '/drain-cleaning' }, pages, [])).toEqual({});
    expect(redirectProblems({ from: '/old', to: '/drain-cleaning?utm=x' }, pages, [])).toEqual({});
  });

  test('no chains or loops, and one redirect per source', () => {
    const others = [{ from: '/a-old', to: '/faq' }];
    expect(redirectProblems({ from: '/a-old', to: '/about' }, pages, others).from).toMatch(/already redirects/);
    expect(redirectProblems({ from: '/b-old', to: '/a-old' }, pages, others).to).toMatch(/itself redirects/);
    const pointing = [{ from: '/c-old', to: '/d-old' }];
    expect(redirectProblems({ from: '/d-old', to: '/faq' }, new Set([...pages, '/d-old'].filter((p) => p !== '/d-old')), pointing).from).toMatch(/chain/);
    expect(redirectProblems({ from: '/e-old', to: '/e-old' }, pages, []).to).toMatch(/its own path/);
  });

  test('paths are stored without a trailing slash', () => {
    expect(normaliseRedirectPath(' /old-page/ ')).toBe('/old-page');
    expect(normaliseRedirectPath('/')).toBe('/');
  });
});

describe('the _redirects file', () => {
  test('one "from to 301" line per redirect, sorted, read back the same', () => {
    const text = formatRedirectsFile([{ from: '/zeta', to: '/faq' }, { from: '/alpha', to: '/about' }]);
    expect(text.split('\n').filter((l) => !l.startsWith('#'))).toEqual(['/alpha /about 301', '/zeta /faq 301', '']);
    expect([...parseRedirectsFile(text)]).toEqual([['/alpha', { to: '/about', status: 301 }], ['/zeta', { to: '/faq', status: 301 }]]);
  });

  test('no redirects: a file with only its comment', () => {
    expect(parseRedirectsFile(formatRedirectsFile([])).size).toBe(0);
  });
});
