/**
 * Runs scheduled functions (`config.schedule`, cron in UTC as on Netlify) while the local server
 * is up, so `npm start` retries outbox deliveries the way production does. A run that is still
 * going when its next minute comes is not started twice.
 */

const nicknames: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@hourly': '0 * * * *',
};
// Day of week runs 0–7: Sunday may be written 0 or 7.
const ranges: [number, number][] = [[0, 59], [0, 23], [1, 31], [1, 12], [0, 7]];

function parseField(field: string, [min, max]: [number, number], expression: string): Set<number> {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`The schedule "${expression}" has a field "${field}" this local runner does not understand.`);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] !== undefined ? max : from;
    const step = match[4] !== undefined ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw new Error(`The schedule "${expression}" has an out-of-range field "${field}".`);
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

/** A matcher for a five-field cron expression (or @hourly, @daily …), evaluated in UTC. */
export function parseSchedule(expression: string): (at: Date) => boolean {
  const fields = (nicknames[expression.trim()] ?? expression).trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`The schedule "${expression}" needs five fields: minute hour day-of-month month day-of-week.`);
  const [minutes, hours, days, months, weekdays] = fields.map((f, i) => parseField(f, ranges[i]!, expression)) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (weekdays.has(7)) weekdays.add(0);
  return (at) =>
    minutes.has(at.getUTCMinutes()) && hours.has(at.getUTCHours()) && days.has(at.getUTCDate()) && months.has(at.getUTCMonth() + 1) && weekdays.has(at.getUTCDay());
}

export interface ScheduledJob {
  name: string;
  schedule: string;
  run(): Promise<unknown>;
}

/** Starts a timer that runs each job at the minutes its schedule names; returns a function that stops it. */
export function startSchedules(jobs: ScheduledJob[], log: (line: string) => void = console.error): () => Promise<void> {
  if (jobs.length === 0) return async () => {};
  const matchers = jobs.map((job) => ({ job, due: parseSchedule(job.schedule), running: undefined as Promise<unknown> | undefined }));
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = new Date();
    for (const entry of matchers) {
      if (entry.running || !entry.due(now)) continue;
      entry.running = entry.job.run()
        .catch((error: unknown) => log(`Scheduled function ${entry.job.name} failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => { entry.running = undefined; });
    }
    // Next tick just after the next minute starts.
    timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
    timer.unref();
  };
  timer = setTimeout(tick, 60_000 - (Date.now() % 60_000) + 50);
  timer.unref();
  return async () => {
    clearTimeout(timer);
    await Promise.all(matchers.map((m) => m.running));
  };
}

/** Calls a scheduled function as Netlify does: a POST whose body carries `next_run`. */
export async function runScheduledFunction(fn: { name: string; handler: (request: Request, context: never) => Promise<Response> | Response }): Promise<void> {
  const request = new Request(`http://localhost/.netlify/functions/${fn.name}`, { method: 'POST', body: JSON.stringify({ next_run: new Date(Date.now() + 60_000).toISOString() }) });
  const response = await fn.handler(request, {} as never);
  if (!response.ok) throw new Error(`it answered ${response.status}`);
}
