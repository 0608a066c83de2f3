/** Telling "the database cannot be reached" apart from a bug, so the visitor gets a 503 that offers the phone. */

// Node socket errors on connect or mid-query.
const networkCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
// PostgreSQL SQLSTATEs: class 08 (connection exception), 53300 too many connections, 57P01–57P03
// shutdown / cannot connect now, 57014 a statement cancelled by statement_timeout (a stall).
const serverCodes = /^(08\d{3}|53300|57P0[123]|57014)$/;
// What pg says when it gives up before any code is set (query_timeout included).
const messages = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED|Connection ended unexpectedly|Query read timeout/i;

/** True when `error` (or its cause) says the database could not be reached or dropped the connection. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (networkCodes.has(code) || serverCodes.test(code))) return true;
  if (typeof message === 'string' && messages.test(message)) return true;
  // AggregateError (a host with several addresses) carries one error per address.
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
