/**
 * `npm run eval:assistant`: scores the built-in assistant on each evaluation set separately —
 * the tuning set (tests/assistant/eval-set.json, the only set rules are tuned on), the first
 * held-out set (holdout-set.json, since tuned on) and the second held-out set (holdout-2.json,
 * never tuned on), holdout-3.json to holdout-7.json (written later, each before it was first scored). For each: messages answered well (right intent, flags, required facts and
 * language, no wrong facts), intent and flag accuracy, required facts, language, length (two to
 * four sentences), wrong facts (any phone, price, hour, licence or city that contradicts
 * src/business), booking flags on messages that are not booking requests, and the precision of the
 * "I'm not sure" fallback (of the messages answered with it, how many should have been).
 * `-- --verbose` lists every answer; `-- path/to/set.json` scores one file.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { builtinReply } from '../src/server/services/assistant/builtin';
import { findWrongFacts } from '../src/server/services/assistant/fact-check';
import { intents } from '../src/server/services/assistant/intents';
import { detectLanguage } from '../src/server/services/assistant/language';
import type { AssistantReply } from '../src/server/services/assistant/reply';
import { runIfMain } from './lib/run-script';

export const evalSetPath = 'tests/assistant/eval-set.json';
export const evalSets = [
  { name: 'tuning set', path: evalSetPath, minimum: 80 },
  { name: 'holdout-set.json (tuned on since)', path: 'tests/assistant/holdout-set.json', minimum: 30 },
  { name: 'holdout-2.json (held out; its first misses were looked at)', path: 'tests/assistant/holdout-2.json', minimum: 150 },
  { name: 'holdout-3.json (held out; its first misses were looked at)', path: 'tests/assistant/holdout-3.json', minimum: 50 },
  { name: 'holdout-4.json (held out; its first misses were looked at)', path: 'tests/assistant/holdout-4.json', minimum: 50 },
  { name: 'holdout-5.json (held out; its first misses were looked at)', path: 'tests/assistant/holdout-5.json', minimum: 50 },
  { name: 'holdout-6.json (held out; its first misses were looked at)', path: 'tests/assistant/holdout-6.json', minimum: 50 },
  { name: 'holdout-7.json (held out, scored once after the last change)', path: 'tests/assistant/holdout-7.json', minimum: 50 },
] as const;

/** The intent of the "I'm not sure" fallback: no intent or passage fitted well enough. */
export const fallbackIntent = 'unsure';
/** Intents a set may expect: the assistant's, and those the sets name (fallback, offices, company). */
const expectedIntents = [...new Set<string>([...intents, fallbackIntent, 'contact', 'about'])] as [string, ...string[]];

const evalItem = z.strictObject({
  id: z.string(),
  message: z.string(),
  pageContext: z.string(),
  intent: z.enum(expectedIntents),
  needsHandoff: z.boolean(),
  openScheduler: z.boolean(),
  language: z.enum(['en', 'es']).optional(),
  imageUrl: z.string().optional(),
  /** Earlier turns of the conversation, oldest first, for follow-ups. */
  history: z.array(z.strictObject({ role: z.enum(['user', 'assistant']), content: z.string() })).optional(),
  mustInclude: z.array(z.string()).optional(),
  mustNotInclude: z.array(z.string()).optional(),
});
export type EvalItem = z.infer<typeof evalItem>;

export interface EvalResult {
  item: EvalItem;
  reply: AssistantReply;
  intentOk: boolean;
  flagsOk: boolean;
  missing: string[];
  forbidden: string[];
  wrongFacts: string[];
  languageOk: boolean;
  lengthOk: boolean;
  /** Everything a visitor would notice is right: intent, flags, facts, language, no wrong fact. */
  answeredWell: boolean;
}

export interface EvalScore {
  total: number;
  answeredWell: number;
  intentAccuracy: number;
  flagAccuracy: number;
  factAccuracy: number;
  languageAccuracy: number;
  lengthAccuracy: number;
  wrongFacts: number;
  /** Replies that opened the scheduler on a message that is not a booking request. */
  falseBookings: number;
  /** Replies with the fallback, and how many of those the set expects to be the fallback. */
  fallbacks: number;
  fallbacksExpected: number;
  /** Messages the set expects the fallback for. */
  fallbackWanted: number;
  results: EvalResult[];
}

export async function loadEvalSet(path = evalSetPath, minimum = 80): Promise<EvalItem[]> {
  return z.object({ items: z.array(evalItem).min(minimum) }).parse(JSON.parse(await readFile(path, 'utf8'))).items;
}

/** Sentences of a reply, counting the closing "More: /path" as one. */
export const sentenceCount = (message: string): number => message.split(/(?<=[.!?])\s+(?=[A-Z¿¡])/).filter((s) => s.trim()).length;

export function evaluate(items: EvalItem[], answer: (item: EvalItem) => AssistantReply = (item) => builtinReply({
  messages: [...(item.history ?? []), { role: 'user', content: item.message, ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}) }],
  pageContext: item.pageContext,
})): EvalScore {
  const results = items.map((item): EvalResult => {
    const reply = answer(item);
    const lower = reply.message.toLowerCase();
    const result = {
      item,
      reply,
      intentOk: reply.intent === item.intent,
      flagsOk: reply.needsHandoff === item.needsHandoff && reply.openScheduler === item.openScheduler,
      missing: (item.mustInclude ?? []).filter((f) => !lower.includes(f.toLowerCase())),
      forbidden: (item.mustNotInclude ?? []).filter((f) => lower.includes(f.toLowerCase())),
      wrongFacts: findWrongFacts(reply.message),
      languageOk: detectLanguage(reply.message) === (item.language ?? 'en'),
      lengthOk: sentenceCount(reply.message) >= 2 && sentenceCount(reply.message) <= 4,
    };
    return {
      ...result,
      answeredWell: result.intentOk && result.flagsOk && result.missing.length === 0 && result.forbidden.length === 0
        && result.wrongFacts.length === 0 && result.languageOk,
    };
  });
  const share = (ok: (r: EvalResult) => boolean) => results.filter(ok).length / Math.max(results.length, 1);
  const fallbacks = results.filter((r) => r.reply.intent === fallbackIntent);
  return {
    total: results.length,
    answeredWell: share((r) => r.answeredWell),
    intentAccuracy: share((r) => r.intentOk),
    flagAccuracy: share((r) => r.flagsOk),
    factAccuracy: share((r) => r.missing.length === 0 && r.forbidden.length === 0),
    languageAccuracy: share((r) => r.languageOk),
    lengthAccuracy: share((r) => r.lengthOk),
    wrongFacts: results.reduce((n, r) => n + r.wrongFacts.length, 0),
    falseBookings: results.filter((r) => r.reply.openScheduler && !r.item.openScheduler).length,
    fallbacks: fallbacks.length,
    fallbacksExpected: fallbacks.filter((r) => r.item.intent === fallbackIntent).length,
    fallbackWanted: results.filter((r) => r.item.intent === fallbackIntent).length,
    results,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

function problemsOf(r: EvalResult): string[] {
  return [
    !r.intentOk && `intent ${r.reply.intent} (expected ${r.item.intent})`,
    !r.flagsOk && `flags handoff=${r.reply.needsHandoff} scheduler=${r.reply.openScheduler}`,
    r.missing.length > 0 && `missing ${r.missing.join(', ')}`,
    r.forbidden.length > 0 && `contains ${r.forbidden.join(', ')}`,
    r.wrongFacts.length > 0 && `WRONG FACTS: ${r.wrongFacts.join('; ')}`,
    !r.languageOk && 'wrong language',
    !r.lengthOk && `${sentenceCount(r.reply.message)} sentences`,
  ].filter((p): p is string => Boolean(p));
}

function report(name: string, score: EvalScore, verbose: boolean): void {
  for (const r of score.results) {
    const problems = problemsOf(r);
    if (problems.length > 0 || verbose) {
      const history = (r.item.history ?? []).map((t) => `    ${t.role === 'user' ? '>' : '<'} (earlier) ${t.content}\n`).join('');
      console.log(`${problems.length ? '✖' : '✔'} ${r.item.id}: ${problems.join(' | ')}\n${history}    > ${r.item.message}\n    < ${r.reply.message}`);
    }
  }
  const precision = score.fallbacks === 0 ? 'n/a' : pct(score.fallbacksExpected / score.fallbacks);
  console.log(`\n${name}: built-in assistant on ${score.total} messages`);
  console.log(`  answered well     ${pct(score.answeredWell)}`);
  console.log(`  intent accuracy   ${pct(score.intentAccuracy)}`);
  console.log(`  flag accuracy     ${pct(score.flagAccuracy)}`);
  console.log(`  required facts    ${pct(score.factAccuracy)}`);
  console.log(`  language          ${pct(score.languageAccuracy)}`);
  console.log(`  2–4 sentences     ${pct(score.lengthAccuracy)}`);
  console.log(`  wrong facts       ${score.wrongFacts}`);
  console.log(`  false bookings    ${score.falseBookings} (scheduler opened on a message that is not a booking request)`);
  console.log(`  fallback          ${score.fallbacks} replies, ${score.fallbacksExpected} of them expected: precision ${precision}; ${score.fallbackWanted} expected in all\n`);
}

runIfMain(import.meta.url, async () => {
  const file = process.argv.slice(2).find((a) => a.endsWith('.json'));
  const verbose = process.argv.includes('--verbose');
  const sets = file ? [{ name: file, path: file, minimum: 1 }] : evalSets;
  let ok = true;
  for (const set of sets) {
    const score = evaluate(await loadEvalSet(set.path, set.minimum));
    report(set.name, score, verbose);
    ok &&= score.intentAccuracy >= 0.9 && score.wrongFacts === 0;
  }
  return ok ? 0 : 1;
});
