import { describe, expect, test } from 'vitest';
import { jaccard, mainText, wordShingles } from './text-similarity';

describe('jaccard over word 5-grams', () => {
  test('is 1 for identical text and 0 for unrelated text', () => {
    const a = wordShingles('the quick brown fox jumps over the lazy dog');
    expect(jaccard(a, a)).toBe(1);
    expect(jaccard(a, wordShingles('pipes freeze when the temperature drops below freezing overnight'))).toBe(0);
  });
  test('catches a template with only the city name swapped', () => {
    const page = (city: string) => `We fix water heaters drains and leaks for homes in ${city} with upfront pricing and free estimates every day of the week from our local office`;
    expect(jaccard(wordShingles(page('Kyle')), wordShingles(page('Buda')))).toBeGreaterThan(0.35);
  });
});

describe('mainText', () => {
  test('keeps only the visible text of <main>', () => {
    expect(mainText('<header>x</header><main><h1>Hi</h1><script>var a</script><p>there&amp;</p></main>')).toBe('Hi there');
  });
});
