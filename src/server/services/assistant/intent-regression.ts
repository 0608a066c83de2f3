/**
 * A second opinion on the rules' intent: a softmax (multinomial logistic) regression over the same
 * features as the nearest-neighbour model (`featuresOf`: stems, stem pairs, character 4-grams), trained
 * on the written examples and the tuning sets' labelled messages. Measured leave-one-set-out over the
 * tuning sets it scores 87.8 % on its own (nearest neighbours: 84.3 %), and when it is at least 0.9
 * sure it is right 98.9 % of the time (tests/assistant/README.md, "The eleventh round").
 *
 * The weights are trained by `npm run assistant:corpus` (about 1 s) into intent-weights.json, so a cold
 * start only reads them; a prediction adds up a few hundred weights.
 */
import { createHash } from 'node:crypto';
import trainedWeights from './intent-weights.json' with { type: 'json' };
import { featuresOf } from './intent-model';
import type { ReplyIntent } from './intents';

export interface RegressionWeights {
  /** sha256 of the training pairs and settings: a test retrains when they change. */
  trainedOn: string;
  intents: ReplyIntent[];
  bias: number[];
  /** Feature → intent index, weight, intent index, weight…; weights under `prune` left out. */
  weights: Record<string, number[]>;
}

export interface RegressionGuess {
  intent: ReplyIntent;
  /** The softmax probability of that intent, 0 to 1. */
  confidence: number;
}

/** Chosen by leave-one-set-out over the tuning sets (four settings tried; the README lists them). */
// Weights under 0.2 are left out and the rest kept to two decimals: 0.7 MB that parses in about 25 ms
// at a cold start, and leave-one-set-out accuracy 87.7 % against 87.9 % for every weight.
const settings = { l2: 1e-5, epochs: 20, learningRate: 0.5, seed: 42, prune: 0.2 };

/** A message's features, scaled to unit length. */
function unitFeatures(message: string): [string, number][] {
  const features = [...featuresOf(message)];
  const norm = Math.sqrt(features.reduce((sum, [, x]) => sum + x * x, 0)) || 1;
  return features.map(([f, x]) => [f, x / norm]);
}

/** A seeded random number generator (mulberry32), so training gives the same weights every time. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const trainingHash = (pairs: readonly (readonly [string, string])[]): string =>
  createHash('sha256').update(JSON.stringify({ settings, pairs })).digest('hex');

/** Trains on [message, intent] pairs with AdaGrad and L2 (lazily applied per feature). */
export function trainRegression(pairs: readonly (readonly [string, string])[]): RegressionWeights {
  const intents = [...new Set(pairs.map(([, intent]) => intent))].sort() as ReplyIntent[];
  const K = intents.length;
  const classOf = new Map(intents.map((intent, k) => [intent as string, k]));
  const vocabulary = new Map<string, number>();
  const rows = pairs.map(([message]) => unitFeatures(message).map(([f, x]): [number, number] => {
    if (!vocabulary.has(f)) vocabulary.set(f, vocabulary.size);
    return [vocabulary.get(f)!, x];
  }));
  const labels = pairs.map(([, intent]) => classOf.get(intent)!);
  const documentFrequency = new Float64Array(vocabulary.size);
  for (const row of rows) for (const [j] of row) documentFrequency[j]! += 1;
  const W = new Float64Array(vocabulary.size * K);
  const G = new Float64Array(vocabulary.size * K);
  const bias = new Float64Array(K);
  const biasG = new Float64Array(K);
  const p = new Float64Array(K);
  const random = seeded(settings.seed);
  const order = rows.map((_, i) => i);
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const n of order) {
      const row = rows[n]!;
      for (let k = 0; k < K; k++) p[k] = bias[k]!;
      for (const [j, x] of row) for (let k = 0; k < K; k++) p[k]! += W[j * K + k]! * x;
      toProbabilities(p);
      p[labels[n]!]! -= 1; // now the loss's gradient at each intent's score
      for (let k = 0; k < K; k++) {
        biasG[k]! += p[k]! ** 2;
        bias[k]! -= (settings.learningRate * p[k]!) / Math.sqrt(biasG[k]! + 1e-8);
      }
      for (const [j, x] of row) {
        const l2 = (rows.length * settings.l2) / documentFrequency[j]!;
        for (let k = 0, o = j * K; k < K; k++, o++) {
          const g = p[k]! * x + l2 * W[o]!;
          G[o]! += g * g;
          W[o]! -= (settings.learningRate * g) / Math.sqrt(G[o]! + 1e-8);
        }
      }
    }
  }
  const round = (x: number) => Math.round(x * 100) / 100;
  const weights: Record<string, number[]> = {};
  for (const [f, j] of [...vocabulary].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const kept: number[] = [];
    for (let k = 0; k < K; k++) if (Math.abs(W[j * K + k]!) >= settings.prune) kept.push(k, round(W[j * K + k]!));
    if (kept.length) weights[f] = kept;
  }
  return { trainedOn: trainingHash(pairs), intents, bias: [...bias].map(round), weights };
}

/** Scores at each intent → probabilities, in place (softmax); returns the likeliest intent's index. */
function toProbabilities(p: Float64Array): number {
  let max = -Infinity;
  for (const score of p) max = Math.max(max, score);
  let sum = 0;
  let best = 0;
  for (let k = 0; k < p.length; k++) {
    sum += p[k] = Math.exp(p[k]! - max);
    if (p[k]! > p[best]!) best = k;
  }
  for (let k = 0; k < p.length; k++) p[k]! /= sum;
  return best;
}

/** The intent the weights find likeliest for a message, with its probability. */
export function createRegression(model: RegressionWeights): (message: string) => RegressionGuess {
  return (message) => {
    const p = new Float64Array(model.intents.length);
    for (let k = 0; k < p.length; k++) p[k] = model.bias[k]!;
    for (const [f, x] of unitFeatures(message)) {
      const row = model.weights[f] ?? [];
      for (let i = 0; i < row.length; i += 2) p[row[i]!]! += row[i + 1]! * x;
    }
    const best = toProbabilities(p);
    return { intent: model.intents[best]!, confidence: p[best]! };
  };
}

/** The pairs the weights are trained on: every example of every intent, in a fixed order. */
export const trainingPairs = (examples: Partial<Record<ReplyIntent, string[]>>): [string, ReplyIntent][] =>
  Object.entries(examples).flatMap(([intent, messages]) => (messages ?? []).map((m): [string, ReplyIntent] => [m, intent as ReplyIntent]));

let active = createRegression(trainedWeights as unknown as RegressionWeights);

/** Runs `work` with weights trained on other examples (leave-one-set-out in scripts/eval-assistant.ts), then restores the trained ones. */
export function withRegression<T>(model: RegressionWeights, work: () => T): T {
  const saved = active;
  active = createRegression(model);
  try {
    return work();
  } finally {
    active = saved;
  }
}

/** The regression's intent for a message, with its probability. */
export const guessByRegression = (message: string): RegressionGuess => active(message);
