import { expect, test } from 'vitest';
import { evaluate, loadEvalSet } from './eval-assistant';

// The thresholds of the built-in assistant (issue 5): intent accuracy ≥ 90 % and no wrong facts.
test('the built-in assistant passes its evaluation set', async () => {
  const items = await loadEvalSet();
  expect(items.length).toBeGreaterThanOrEqual(80);
  const score = evaluate(items);
  const wrong = score.results.filter((r) => r.wrongFacts.length > 0).map((r) => `${r.item.id}: ${r.wrongFacts.join('; ')}`);
  expect(wrong).toEqual([]);
  expect(score.intentAccuracy).toBeGreaterThanOrEqual(0.9);
  expect(score.flagAccuracy).toBeGreaterThanOrEqual(0.9);
  expect(score.factAccuracy).toBeGreaterThanOrEqual(0.9);
  expect(score.languageAccuracy).toBeGreaterThanOrEqual(0.9);
});

test('the built-in assistant passes the messages written after it was tuned', async () => {
  const score = evaluate(await loadEvalSet('tests/assistant/holdout-set.json', 30));
  expect(score.results.flatMap((r) => r.wrongFacts)).toEqual([]);
  expect(score.intentAccuracy).toBeGreaterThanOrEqual(0.9);
});
