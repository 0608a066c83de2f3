/**
 * What a visitor typed into a form, kept in sessionStorage so a reload or a failed submission
 * loses nothing. Read back through a zod schema: anything corrupt or old-shaped is discarded.
 */
import type { z } from 'zod';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings); the form still works without drafts.
    return undefined;
  }
}

export function readDraft<S extends z.ZodType>(key: string, schema: S): z.output<S> | undefined {
  const store = storage();
  const text = store?.getItem(key);
  if (!text) return undefined;
  try {
    const result = schema.safeParse(JSON.parse(text));
    if (result.success) return result.data;
  } catch {
    // Not JSON: fall through and discard it.
  }
  store?.removeItem(key);
  return undefined;
}

export function writeDraft(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy settings: the form keeps its values in memory.
  }
}

export function clearDraft(key: string): void {
  storage()?.removeItem(key);
}
