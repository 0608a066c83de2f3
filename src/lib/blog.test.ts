import { describe, expect, test } from 'vitest';
import { describePost, wordCount } from './blog';

describe('describePost', () => {
  test('prefers the meta description', () => expect(describePost({ metaDescription: 'Meta', excerpt: 'Ex', content: 'Body' })).toBe('Meta'));
  test('falls back to the first 160 characters of the content', () => {
    const content = `## Heading\n\n${'word '.repeat(100)}`;
    const d = describePost({ metaDescription: null, excerpt: null, content });
    expect(d.length).toBe(160);
    expect(d.startsWith('Heading word')).toBe(true);
  });
});

describe('wordCount', () => {
  test('splits on any whitespace', () => expect(wordCount(' one\ttwo\nthree  four ')).toBe(4));
});
