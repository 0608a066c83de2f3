/**
 * `npm run eval:assistant`: scores the built-in assistant on tests/assistant/eval-set.json —
 * intent accuracy, flag accuracy (needsHandoff, openScheduler), required and forbidden facts,
 * replies in the visitor's language, length (two to four sentences) and wrong facts (any phone,
 * price, hour, licence or city that contradicts src/business). `--verbose` lists every miss.
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

const evalItem = z.strictObject({
  id: z.string(),
  message: z.string(),
  pageContext: z.string(),
  intent: z.enum(intents),
  needsHandoff: z.boolean(),
  openScheduler: z.boolean(),
  language: z.enum(['en', 'es']).optional(),
  imageUrl: z.string().optional(),
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
}

export interface EvalScore {
  total: number;
  intentAccuracy: number;
  flagAccuracy: number;
  factAccuracy: number;
  languageAccuracy: number;
  lengthAccuracy: number;
  wrongFacts: number;
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
    return {
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
  });
  const share = (ok: (r: EvalResult) => boolean) => results.filter(ok).length / Math.max(results.length, 1);
  return {
    total: results.length,
    intentAccuracy: share((r) => r.intentOk),
    flagAccuracy: share((r) => r.flagsOk),
    factAccuracy: share((r) => r.missing.length === 0 && r.forbidden.length === 0),
    languageAccuracy: share((r) => r.languageOk),
    lengthAccuracy: share((r) => r.lengthOk),
    wrongFacts: results.reduce((n, r) => n + r.wrongFacts.length, 0),
    results,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

runIfMain(import.meta.url, async () => {
  const file = process.argv.slice(2).find((a) => a.endsWith('.json'));
  const score = evaluate(await loadEvalSet(file ?? evalSetPath, file ? 1 : 80));
  const verbose = process.argv.includes('--verbose');
  for (const r of score.results) {
    const problems = [
      !r.intentOk && `intent ${r.reply.intent} (expected ${r.item.intent})`,
      !r.flagsOk && `flags handoff=${r.reply.needsHandoff} scheduler=${r.reply.openScheduler}`,
      r.missing.length > 0 && `missing ${r.missing.join(', ')}`,
      r.forbidden.length > 0 && `contains ${r.forbidden.join(', ')}`,
      r.wrongFacts.length > 0 && `WRONG FACTS: ${r.wrongFacts.join('; ')}`,
      !r.languageOk && 'wrong language',
      !r.lengthOk && `${sentenceCount(r.reply.message)} sentences`,
    ].filter(Boolean);
    if (problems.length > 0 || verbose) {
      console.log(`${problems.length ? '✖' : '✔'} ${r.item.id}: ${problems.join(' | ')}\n    > ${r.item.message}\n    < ${r.reply.message}`);
    }
  }
  console.log(`\nBuilt-in assistant on ${score.total} messages:`);
  console.log(`  intent accuracy   ${pct(score.intentAccuracy)} (threshold 90 %)`);
  console.log(`  flag accuracy     ${pct(score.flagAccuracy)}`);
  console.log(`  required facts    ${pct(score.factAccuracy)}`);
  console.log(`  language          ${pct(score.languageAccuracy)}`);
  console.log(`  2–4 sentences     ${pct(score.lengthAccuracy)}`);
  console.log(`  wrong facts       ${score.wrongFacts} (threshold 0)`);
  return score.intentAccuracy >= 0.9 && score.wrongFacts === 0 ? 0 : 1;
});
