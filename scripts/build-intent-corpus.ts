/**
 * `npm run assistant:corpus`: the labelled messages of every tuning set (every set in
 * scripts/eval-assistant.ts but the blind held-out one) become examples of the intent model, in
 * src/server/services/assistant/intent-corpus.json as [message, intent] pairs. Messages that lean on
 * earlier turns or carry a photo are left out (their intent depends on more than their words). A test
 * fails when the committed corpus no longer matches the sets; run this after adding tuning examples.
 * It then trains the intent regression on the written examples and the corpus
 * (src/server/services/assistant/intent-weights.json; a test fails when they are stale too).
 */
import { writeFile } from 'node:fs/promises';
import { buildCorpus, tuningSets } from './eval-assistant';
import { examplesWith } from '../src/server/services/assistant/intent-model';
import { trainRegression, trainingPairs } from '../src/server/services/assistant/intent-regression';
import { runIfMain } from './lib/run-script';

export const corpusPath = 'src/server/services/assistant/intent-corpus.json';
export const weightsPath = 'src/server/services/assistant/intent-weights.json';

/** The regression's weights file: trained on the written examples and these labelled messages. */
export const weightsText = (pairs: [string, string][]): string => `${JSON.stringify(trainRegression(trainingPairs(examplesWith(pairs))))}\n`;

/** The corpus file's text: one pair a line. */
export const corpusText = (pairs: [string, string][]): string => `[\n${pairs.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`;

runIfMain(import.meta.url, async () => {
  const pairs = await buildCorpus();
  await writeFile(corpusPath, corpusText(pairs));
  console.log(`${corpusPath}: ${pairs.length} labelled messages from ${tuningSets.length} tuning sets`);
  const weights = weightsText(pairs);
  await writeFile(weightsPath, weights);
  console.log(`${weightsPath}: ${Object.keys(JSON.parse(weights).weights).length} features (${Math.round(weights.length / 1024)} KB)`);
});
