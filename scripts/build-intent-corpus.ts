/**
 * `npm run assistant:corpus`: the labelled messages of every tuning set (every set in
 * scripts/eval-assistant.ts but the blind held-out one) become examples of the intent model, in
 * src/server/services/assistant/intent-corpus.json as [message, intent] pairs. Messages that lean on
 * earlier turns or carry a photo are left out (their intent depends on more than their words). A test
 * fails when the committed corpus no longer matches the sets; run this after adding tuning examples.
 */
import { writeFile } from 'node:fs/promises';
import { buildCorpus, tuningSets } from './eval-assistant';
import { runIfMain } from './lib/run-script';

export const corpusPath = 'src/server/services/assistant/intent-corpus.json';

/** The corpus file's text: one pair a line. */
export const corpusText = (pairs: [string, string][]): string => `[\n${pairs.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`;

runIfMain(import.meta.url, async () => {
  const pairs = await buildCorpus();
  await writeFile(corpusPath, corpusText(pairs));
  console.log(`${corpusPath}: ${pairs.length} labelled messages from ${tuningSets.length} tuning sets`);
});
