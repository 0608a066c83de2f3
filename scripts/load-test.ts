/**
 * `npm run load -- [baseUrl]`: a load test against a site that is already running (it starts
 * nothing), in the two parts DESIGN §6 names. First, per endpoint, 20 warm-up requests and then
 * SEQUENTIAL (default 200) requests one at a time: the p95 of the handler's own time (its
 * Server-Timing header) is what the budget applies to, as on Netlify each invocation runs alone.
 * Then 50 concurrent connections for DURATION seconds (default 10): requests per second, client
 * p50/p95/p99 and error and non-2xx counts (there the time is queueing on one local process, so no
 * budget applies). It exits 1 when any request failed or a budget was missed.
 *
 * POST /api/contact is rate-limited per client (5 per 10 minutes), so start the server with the
 * limit lifted, and send the staff emails somewhere disposable:
 *   RATE_LIMIT_DISABLED=1 MAIL_DIR=/tmp/load-mail PORT=4620 npm start
 *   npm run load -- http://localhost:4620            (or: npm run load -- http://localhost:4620 contact)
 * RATE_LIMIT_DISABLED is ignored when CONTEXT=production. Every contact request carries a new
 * Idempotency-Key, so each one is a new lead (and a new email file).
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { runIfMain } from './lib/run-script';

interface LoadEndpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Built again for every request. */
  body?: () => unknown;
  headers?: () => Record<string, string>;
  /** DESIGN §6 p95 budget, in ms. */
  p95BudgetMs: number;
}

/** Add an endpoint here to load-test it. */
export const endpoints: LoadEndpoint[] = [
  {
    name: 'POST /api/contact',
    method: 'POST',
    path: '/api/contact',
    body: () => ({
      name: 'Load Test',
      phone: '(512) 555-0100',
      email: 'load-test@example.com',
      service: 'drain',
      location: 'austin',
      urgency: 'normal',
      message: 'A load-test request: please ignore.',
      pageContext: 'Load test',
      website: '',
      // Opened a minute ago, so it is not judged spam for being too fast.
      formStartTime: Date.now() - 60_000,
    }),
    headers: () => ({ 'Idempotency-Key': randomUUID() }),
    p95BudgetMs: 50,
  },
  {
    // The built-in assistant's reply handler: a new conversation each time (start the site with
    // CHAT_RATE_LIMIT=off), cycling through questions that take different paths through it.
    name: 'POST /api/chatbot',
    method: 'POST',
    path: '/api/chatbot',
    body: (() => {
      const questions = ['Do you serve Leander?', 'how much is a new water heater', 'where is your office?', 'my kitchen sink drains slowly',
        'Do you go to El Paso?', 'are you open on saturday', 'how long have you been in business', 'do you sell gift cards'];
      let n = 0;
      return () => ({
        messages: [{ role: 'user', content: questions[n++ % questions.length] }],
        sessionId: `session_load_${randomUUID().replace(/-/g, '')}`,
        conversationId: `conv_load_${randomUUID().replace(/-/g, '')}`,
        pageContext: '/',
      });
    })(),
    p95BudgetMs: 50,
  },
  { name: 'GET /api/reviews', method: 'GET', path: '/api/reviews?minRating=4', p95BudgetMs: 50 },
  { name: 'GET /api/tracking-numbers', method: 'GET', path: '/api/tracking-numbers', p95BudgetMs: 50 },
  { name: 'GET /api/page-metadata', method: 'GET', path: '/api/page-metadata?path=%2F', p95BudgetMs: 50 },
  { name: 'GET /api/health', method: 'GET', path: '/api/health', p95BudgetMs: 50 },
];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Figures {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** p95 of the handler time the server reports in Server-Timing. */
  handlerP95: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
  budget: number;
}

async function load(base: string, endpoint: LoadEndpoint, seconds: number, connections: number): Promise<Figures> {
  const latencies: number[] = [];
  const handlerTimes: number[] = [];
  const statuses: Record<string, number> = {};
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon({
    url: new URL(endpoint.path, base).toString(),
    connections,
    duration: seconds,
    timeout: 10,
    requests: [{
      method: endpoint.method,
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, ...(endpoint.body ? { 'content-type': 'application/json' } : {}), ...endpoint.headers?.() },
        ...(endpoint.body ? { body: JSON.stringify(endpoint.body()) } : {}),
      }),
      onResponse: (_status, _body, _context, headers) => {
        const timing = /handler;dur=(\d+(?:\.\d+)?)/.exec(String(headers?.['server-timing'] ?? ''));
        if (timing) handlerTimes.push(Number(timing[1]));
      },
    }],
  }, (error, result) => (error ? fail(error) : finish(result)));
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  handlerTimes.sort((a, b) => a - b);
  return {
    name: endpoint.name,
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    handlerP95: percentile(handlerTimes, 95),
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses,
    budget: endpoint.p95BudgetMs,
  };
}

/** Handler p95 one request at a time after `warmUp` requests: what DESIGN §6 budgets. */
async function sequentialHandlerP95(base: string, endpoint: LoadEndpoint, count: number, warmUp = 20): Promise<{ p95: number; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < warmUp + count; i++) {
    const response = await fetch(new URL(endpoint.path, base), {
      method: endpoint.method,
      headers: { ...(endpoint.body ? { 'content-type': 'application/json' } : {}), ...endpoint.headers?.() },
      ...(endpoint.body ? { body: JSON.stringify(endpoint.body()) } : {}),
    });
    await response.arrayBuffer();
    if (!response.ok) failures++;
    const timing = /handler;dur=(\d+(?:\.\d+)?)/.exec(response.headers.get('server-timing') ?? '');
    if (i >= warmUp && timing) times.push(Number(timing[1]));
  }
  times.sort((a, b) => a - b);
  return { p95: percentile(times, 95), failures };
}

runIfMain(import.meta.url, async () => {
  const base = (process.argv[2] ?? process.env.BASE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`).replace(/\/$/, '');
  const seconds = Number(process.env.DURATION ?? 10);
  const connections = Number(process.env.CONNECTIONS ?? 50);
  const health = await fetch(`${base}/api/health`).catch(() => undefined);
  if (!health?.ok) {
    console.error(`Nothing answers ${base}/api/health. Start the site first, e.g. RATE_LIMIT_DISABLED=1 MAIL_DIR=/tmp/load-mail PORT=4620 npm start`);
    return 1;
  }
  const sequential = Number(process.env.SEQUENTIAL ?? 200);
  // Optional second argument: only the endpoints whose name contains it, e.g. `contact`.
  const only = process.argv[3]?.toLowerCase();
  const chosen = endpoints.filter((e) => !only || e.name.toLowerCase().includes(only));
  const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-').padStart(6);

  console.log(`Load test of ${base}.\n\nOne request at a time (${sequential} after 20 to warm up): handler p95 against the DESIGN §6 budget`);
  const sequentialRows: { name: string; p95: number; budget: number; failures: number }[] = [];
  for (const endpoint of chosen) {
    const { p95, failures } = await sequentialHandlerP95(base, endpoint, sequential);
    sequentialRows.push({ name: endpoint.name, p95, budget: endpoint.p95BudgetMs, failures });
    console.log(`  ${endpoint.name.padEnd(26)} handler p95 ${fmt(p95)} ms  ${p95 <= endpoint.p95BudgetMs ? 'met' : 'MISSED'} (≤ ${endpoint.p95BudgetMs})${failures ? `  ${failures} failed` : ''}`);
  }

  console.log(`\n${connections} connections, ${seconds} s per endpoint (queueing on one process: figures only)`);
  console.log('                                          client latency          handler');
  console.log('endpoint              requests  req/s   p50 ms  p95 ms  p99 ms  p95 ms  errors  non-2xx');
  const rows: Figures[] = [];
  for (const endpoint of chosen) {
    const f = await load(base, endpoint, seconds, connections);
    rows.push(f);
    console.log(`${f.name.padEnd(21)} ${String(f.requests).padStart(8)}  ${String(f.perSecond).padStart(5)}  ${fmt(f.p50)}  ${fmt(f.p95)}  ${fmt(f.p99)}  ${fmt(f.handlerP95)}  ${String(f.errors + f.timeouts).padStart(6)}  ${String(f.non2xx).padStart(7)}`);
  }
  const failed = rows.filter((r) => r.errors + r.timeouts + r.non2xx > 0);
  for (const r of failed) console.error(`\n${r.name}: statuses ${JSON.stringify(r.statuses)}${r.statuses['429'] ? ' — 429s mean the rate limit is on: start the server with RATE_LIMIT_DISABLED=1.' : ''}`);
  const missed = sequentialRows.filter((r) => !(r.p95 <= r.budget));
  for (const r of missed) console.error(`\n${r.name}: handler p95 one at a time ${Number.isFinite(r.p95) ? `${r.p95} ms` : 'unknown (no Server-Timing header)'} is over its ${r.budget} ms budget.`);
  return failed.length > 0 || missed.length > 0 || sequentialRows.some((r) => r.failures > 0) ? 1 : 0;
});
