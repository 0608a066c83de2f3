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

test('no held-out set gets a wrong fact, and the sets looked at keep intent accuracy ≥ 90 %', async () => {
  for (const path of ['holdout-2', 'holdout-3', 'holdout-4', 'holdout-5', 'holdout-6', 'holdout-7']) {
    const score = evaluate(await loadEvalSet(`tests/assistant/${path}.json`, 50));
    expect(score.results.filter((r) => r.wrongFacts.length > 0).map((r) => `${r.item.id}: ${r.wrongFacts.join('; ')}`), path).toEqual([]);
    if (path !== 'holdout-7') expect(score.intentAccuracy, path).toBeGreaterThanOrEqual(0.9);
  }
});

// The last held-out set, scored once after the last round of rules (tests/assistant/README.md): gated
// at the level it reached, 86.8 % answered well and 86.8 % intent accuracy at its first score, below
// the 90 % the other sets keep. A change that makes fresh messages worse fails here.
test('the built-in assistant answers the latest held-out set at the level reached', async () => {
  const score = evaluate(await loadEvalSet('tests/assistant/holdout-7.json', 50));
  expect(score.results.filter((r) => r.reply.openScheduler && !r.item.openScheduler).map((r) => r.item.id)).toEqual([]);
  expect(score.answeredWell).toBeGreaterThanOrEqual(0.86);
  expect(score.intentAccuracy).toBeGreaterThanOrEqual(0.86);
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
