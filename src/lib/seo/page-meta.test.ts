import { describe, expect, test } from 'vitest';
import { maxTitleLength, pageTitle } from './page-meta';

describe('pageTitle', () => {
  test('appends the brand', () => {
    expect(pageTitle('Drain Cleaning in Austin')).toBe('Drain Cleaning in Austin | Economy Plumbing');
  });

  test('keeps a title that already names the brand', () => {
    expect(pageTitle('Economy Plumbing Services: Austin Plumbers')).toBe('Economy Plumbing Services: Austin Plumbers');
  });

  test('leaves the brand off when it would make the title too long for search results', () => {
    const long = 'Slab Leaks in Central Texas: Warning Signs and How They Are Found';
    expect(pageTitle(long)).toBe(long);
    expect(pageTitle(long).length).toBeLessThanOrEqual(maxTitleLength);
  });
});
