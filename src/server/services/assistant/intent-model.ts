/**
 * A statistical intent model for messages the ordered rules do not recognise: nearest neighbours over
 * TF-IDF vectors of word stems, word pairs and character 4-grams (so "shedual", "apointment" and
 * "tankles" still meet their examples), against the example messages in intent-examples.ts. Built once
 * per cold start (a few milliseconds); a prediction compares the message with a few hundred short
 * vectors.
 */
import intentCorpus from './intent-corpus.json' with { type: 'json' };
import { intentExamples } from './intent-examples';
import type { ReplyIntent } from './intents';
import { normaliseSpelling } from './spelling';
import { fold, stem } from './text';

/** Words too common to tell one intent from another. */
const ignored = new Set(('a an the my our your i me we to of and or it its is are was be this that for on in at im with ' +
  'do does you yall guys can could would will have has any please offer').split(' '));
const charWeight = 0.35;

/** Feature counts of a message: stems, adjacent stem pairs and the character 4-grams of each word. */
export function featuresOf(message: string): Map<string, number> {
  const words = (fold(normaliseSpelling(message)).replace(/[’‘]/g, "'").match(/[a-z0-9]+/g) ?? []).filter((w) => !ignored.has(w));
  const stems = words.map(stem);
  const features = new Map<string, number>();
  const add = (f: string, w: number) => features.set(f, (features.get(f) ?? 0) + w);
  stems.forEach((s, i) => {
    add(`w:${s}`, 1);
    if (i > 0) add(`b:${stems[i - 1]} ${s}`, 1);
  });
  for (const word of words) {
    const padded = `^${word}$`;
    if (padded.length < 5) continue;
    for (let i = 0; i + 4 <= padded.length; i++) add(`c:${padded.slice(i, i + 4)}`, charWeight);
  }
  return features;
}

interface Example {
  intent: ReplyIntent;
  vector: Map<string, number>;
}

function buildModel(examples: IntentExamples) {
  const raw = Object.entries(examples).flatMap(([intent, messages]) =>
    (messages ?? []).map((m) => ({ intent: intent as ReplyIntent, features: featuresOf(m) })));
  const df = new Map<string, number>();
  for (const e of raw) for (const f of e.features.keys()) df.set(f, (df.get(f) ?? 0) + 1);
  const idf = (f: string) => Math.log((raw.length + 1) / ((df.get(f) ?? 0) + 1)) + 1;
  const vectorOf = (features: Map<string, number>): Map<string, number> => {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [f, count] of features) {
      if (!df.has(f)) continue;
      const x = count * idf(f);
      v.set(f, x);
      norm += x * x;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [f, x] of v) v.set(f, x / norm);
    return v;
  };
  const items: Example[] = raw.map((e) => ({ intent: e.intent, vector: vectorOf(e.features) }));
  const lists = new Map<string, { example: number; weight: number }[]>();
  items.forEach((e, example) => {
    for (const [f, weight] of e.vector) {
      const list = lists.get(f) ?? [];
      list.push({ example, weight });
      lists.set(f, list);
    }
  });
  // Each feature's examples and weights as two typed arrays: a prediction walks thousands of them.
  const postings = new Map([...lists].map(([f, list]) => [f, { examples: Uint32Array.from(list, (p) => p.example), weights: Float64Array.from(list, (p) => p.weight) }]));
  // Each intent by number, in the order its examples come, and each example's intent number: a
  // prediction keeps its two best similarities per intent in two small arrays.
  const intents = [...new Set(items.map((e) => e.intent))];
  const intentOf = Uint16Array.from(items, (e) => intents.indexOf(e.intent));
  return { items, postings, vectorOf, intents, intentOf };
}

export interface IntentGuess {
  intent: ReplyIntent;
  /** Mean cosine similarity of the intent's two nearest examples, 0 to 1. */
  confidence: number;
  /** How far ahead of the next intent it is. */
  margin: number;
}

export type IntentExamples = Partial<Record<ReplyIntent, string[]>>;

/** A model over the given examples: `guess` finds the intent whose examples a message is nearest. */
export function createIntentModel(examples: IntentExamples): { guess: (message: string) => IntentGuess | undefined } {
  const model = buildModel(examples);
  return { guess: (message) => nearest(model, message) };
}

/** The written examples and these labelled [message, intent] pairs. */
export const examplesWith = (corpus: readonly (readonly [string, string])[]): IntentExamples => {
  const merged: IntentExamples = {};
  for (const [intent, messages] of Object.entries(intentExamples)) merged[intent as ReplyIntent] = [...(messages ?? [])];
  for (const [message, intent] of corpus) (merged[intent as ReplyIntent] ??= []).push(message);
  return merged;
};

/** The written examples and the labelled messages of the tuning sets (intent-corpus.json). */
export const defaultExamples = (): IntentExamples => examplesWith(intentCorpus as [string, ReplyIntent][]);

let active = createIntentModel(defaultExamples());

/**
 * Runs `work` with a model trained on other examples (cross-validation in scripts/eval-assistant.ts:
 * leave one set out of training, score on it), then restores the default model.
 */
export function withIntentModel<T>(examples: IntentExamples, work: () => T): T {
  const saved = active;
  active = createIntentModel(examples);
  try {
    return work();
  } finally {
    active = saved;
  }
}

/** The intent whose examples the message is nearest, with how near; undefined when it shares nothing with any. */
export const guessIntent = (message: string): IntentGuess | undefined => active.guess(message);

function nearest(model: ReturnType<typeof buildModel>, message: string): IntentGuess | undefined {
  const query = model.vectorOf(featuresOf(message));
  if (query.size === 0) return undefined;
  const similarity = new Float64Array(model.items.length);
  for (const [f, x] of query) {
    const posting = model.postings.get(f);
    if (!posting) continue;
    const { examples, weights } = posting;
    for (let j = 0; j < examples.length; j++) similarity[examples[j]!]! += x * weights[j]!;
  }
  const top = new Float64Array(model.intents.length);
  const next = new Float64Array(model.intents.length);
  for (let i = 0; i < similarity.length; i++) {
    const s = similarity[i]!;
    if (s <= 0) continue;
    const k = model.intentOf[i]!;
    if (s > top[k]!) {
      next[k] = top[k]!;
      top[k] = s;
    } else if (s > next[k]!) next[k] = s;
  }
  const ranked = model.intents
    .map((intent, k) => ({ intent, score: 0.7 * top[k]! + 0.3 * next[k]! }))
    .sort((x, y) => y.score - x.score);
  const [first, second] = ranked;
  if (!first || first.score === 0) return undefined;
  return { intent: first.intent, confidence: first.score, margin: first.score - (second?.score ?? 0) };
}
