import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { safeParseUntrusted } from './safe-parse';

describe('safeParseUntrusted', () => {
  const schema = z.object({ name: z.string().max(10) });

  test('parses as safeParse does', () => {
    expect(safeParseUntrusted(schema, { name: 'Ana' })).toMatchObject({ success: true, data: { name: 'Ana' } });
    expect(safeParseUntrusted(schema, { name: 'a'.repeat(11) })?.success).toBe(false);
  });

  test('a value zod itself throws on is undefined, not an exception', () => {
    const hostile = { name: { length: { toString: false } } };
    expect(() => schema.safeParse(hostile)).toThrow(TypeError);
    expect(safeParseUntrusted(schema, hostile)).toBeUndefined();
  });
});
