/**
 * `npx tsx scripts/bench-assistant.ts`: the built-in assistant's reply handler (answerChatMessage:
 * rate limit, store the message, answer, store the reply) timed one request at a time on the
 * configured database (DATABASE_URL: use PostgreSQL for the DESIGN §6 figure), after 20 warm-up
 * requests, over every message of the tuning set (a new conversation each). Prints p50, p95 and
 * p99 in ms, and the assistant alone (builtinReply) for comparison. Start it with CHAT_RATE_LIMIT=off.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { builtinReply } from '../src/server/services/assistant/builtin';
import { answerChatMessage } from '../src/server/services/chat/chat.service';
import { loadEvalSet } from './eval-assistant';
import { databaseForScripts } from './lib/database-for-scripts';
import { migrateDatabase } from './migrate';
import { runIfMain } from './lib/run-script';

const quiet = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as never;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

runIfMain(import.meta.url, async () => {
  const database = await databaseForScripts();
  await migrateDatabase(database);
  const messages = (await loadEvalSet()).filter((i) => !i.history?.length && !i.imageUrl).map((i) => ({ content: i.message, page: i.pageContext }));
  const ask = (m: { content: string; page: string }) => answerChatMessage({
    conversationId: `conv_bench_${randomUUID().replace(/-/g, "")}`, sessionId: `session_bench_${randomUUID().replace(/-/g, "")}`, pageContext: m.page, messages: [{ role: 'user', content: m.content }],
  } as never, { ipHash: 'bench' }, quiet);
  for (const m of messages.slice(0, 20)) await ask(m);
  const handler: number[] = [];
  const assistant: number[] = [];
  for (const m of messages) {
    let t = performance.now();
    await ask(m);
    handler.push(performance.now() - t);
    t = performance.now();
    builtinReply({ messages: [{ role: 'user', content: m.content }], pageContext: m.page });
    assistant.push(performance.now() - t);
  }
  for (const [name, times] of [['reply handler', handler], ['builtinReply alone', assistant]] as const) {
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`${name} on ${database.kind}, ${sorted.length} requests one at a time: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`);
  }
  await database.stop();
});
