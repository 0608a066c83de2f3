import { readFile } from 'node:fs/promises';
import { expect, test } from 'vitest';
import { buildContentIndex, indexPath, passagesOf, serializeIndex } from './build-assistant-index';

test('the committed assistant index matches src/content (run npm run assistant:index after editing copy)', async () => {
  expect(serializeIndex(await buildContentIndex())).toBe(await readFile(indexPath, 'utf8'));
});

test('passages carry the page they come from: FAQs, lists and body sections', () => {
  const source = '---\nservice: drain-cleaning\nheading: "Drain Cleaning in Austin"\nintro: "We clear clogged drains across Austin and the Highland Lakes, fast."\nfaqs:\n  - question: "Do you use chemicals?"\n    answer: "No. We clear drains with cables and water jets, which do not harm your pipes."\n---\n\n## Why drains clog\n\nGrease and [wipes](/blog) build up over time in kitchen lines and bathroom lines alike.\n';
  const passages = passagesOf('services', 'drain-cleaning', source);
  expect(passages.map((p) => [p.path, p.heading])).toEqual([
    ['/drain-cleaning', 'Drain Cleaning in Austin'],
    ['/drain-cleaning', 'Do you use chemicals?'],
    ['/drain-cleaning', 'Why drains clog'],
  ]);
  expect(passages[2]!.text).toBe('Grease and wipes build up over time in kitchen lines and bathroom lines alike.');
});
