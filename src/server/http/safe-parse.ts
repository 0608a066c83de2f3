import type { z } from 'zod';

/**
 * zod's safeParse for a value from outside (a request body, a webhook, a model's reply), which zod itself
 * can throw on: a length check still runs on a value of the wrong type that has a `length`, and
 * `{"length": {"toString": false}}` cannot be compared with a number. Such a value is malformed input:
 * `undefined` here, for the caller to answer as it answers any other bad shape, never a server error.
 */
export function safeParseUntrusted<S extends z.ZodType>(schema: S, value: unknown, params?: Parameters<S['safeParse']>[1]): z.ZodSafeParseResult<z.output<S>> | undefined {
  try {
    return schema.safeParse(value, params) as z.ZodSafeParseResult<z.output<S>>;
  } catch (error) {
    if (error instanceof TypeError) return undefined;
    throw error;
  }
}
