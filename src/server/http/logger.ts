/**
 * JSON-lines logging for functions and scripts. Every line carries the request id it was made
 * with. Callers pass ids, paths and figures, never bodies; fields that look secret are redacted anyway.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';
type Fields = Record<string, unknown>;

const levels: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };
const secretField = /pass|secret|token|authorization|cookie|api.?key/i;

export interface Logger {
  debug(msg: string, fields?: Fields): void;
  info(msg: string, fields?: Fields): void;
  warn(msg: string, fields?: Fields): void;
  error(msg: string, error?: unknown, fields?: Fields): void;
  /** A logger that adds `fields` to every line. */
  with(fields: Fields): Logger;
}

function describeError(error: unknown): Fields {
  if (!(error instanceof Error)) return { message: String(error) };
  return { name: error.name, message: error.message, stack: error.stack, ...(error.cause ? { cause: describeError(error.cause) } : {}) };
}

function redact(fields: Fields): Fields {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, secretField.test(k) ? '[redacted]' : v]));
}

/** A logger bound to `context` (e.g. `{ requestId }`); `LOG_LEVEL` (debug … error, silent) filters lines. */
export function createLogger(context: Fields = {}, env: Record<string, string | undefined> = process.env): Logger {
  const threshold = levels[(env.LOG_LEVEL as Level | 'silent' | undefined) ?? 'info'] ?? levels.info;
  const write = (level: Level, msg: string, fields: Fields) => {
    if (levels[level] < threshold) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...redact({ ...context, ...fields }) });
    if (level === 'error' || level === 'warn') console.error(line);
    else console.log(line);
  };
  return {
    debug: (msg, fields = {}) => write('debug', msg, fields),
    info: (msg, fields = {}) => write('info', msg, fields),
    warn: (msg, fields = {}) => write('warn', msg, fields),
    error: (msg, error, fields = {}) => write('error', msg, { ...fields, ...(error === undefined ? {} : { error: describeError(error) }) }),
    with: (fields) => createLogger({ ...context, ...fields }, env),
  };
}
