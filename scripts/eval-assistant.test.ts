import { expect, test } from 'vitest';
import { evaluate, loadEvalSet } from './eval-assistant';

// The thresholds of the built-in assistant (issues 5 and 10): intent accuracy ≥ 90 % and no wrong facts
// on every set; the held-out set gated at the level the assistant reaches, with no booking flag on a
// message that is not a booking request.
test('the built-in assistant passes its tuning set', async () => {
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

test('the built-in assistant passes the messages written after it was first tuned', async () => {
  const score = evaluate(await loadEvalSet('tests/assistant/holdout-set.json', 30));
  expect(score.results.flatMap((r) => r.wrongFacts)).toEqual([]);
  expect(score.intentAccuracy).toBeGreaterThanOrEqual(0.9);
});

test('the built-in assistant answers the held-out set well', async () => {
  const score = evaluate(await loadEvalSet('tests/assistant/holdout-2.json', 150));
  expect(score.results.filter((r) => r.wrongFacts.length > 0).map((r) => `${r.item.id}: ${r.wrongFacts.join('; ')}`)).toEqual([]);
  expect(score.results.filter((r) => r.reply.openScheduler && !r.item.openScheduler).map((r) => r.item.id)).toEqual([]);
  expect(score.intentAccuracy).toBeGreaterThanOrEqual(0.97);
  expect(score.answeredWell).toBeGreaterThanOrEqual(0.97);
  // Of the replies that say "I'm not sure", at least nine in ten should have been.
  expect(score.fallbacksExpected / Math.max(score.fallbacks, 1)).toBeGreaterThanOrEqual(0.9);
});
