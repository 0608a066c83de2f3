/**
 * The quick-reply chips staff edit (/admin/chatbot). Where the assistant would offer its English
 * default chips (a greeting, an off-topic or unclear message), the chat offers the active rows in
 * their order instead; with no active row it keeps the built-in defaults. Replies of a known topic
 * keep their own chips (an emergency offers "Talk to a Person", not a quote), and Spanish replies
 * keep the Spanish chips. The rows are read at most once per shortCacheMs by each function instance,
 * and a change made through this instance is seen at once.
 */
import { quickResponseSchema, type QuickResponse } from '../../../lib/api/chat.contract';
import { withDb } from '../../db/connect';
import type { Logger } from '../../http/logger';
import { activeQuickResponses, type ChatQuickResponseRow } from '../../repositories/chat-admin.repository';
import { isEnglishDefaultSet } from '../assistant/quick-responses';
import { cachePerDatabase, shortCacheMs } from '../short-cache';

/** A stored row as a chip; a row the chat contract would refuse (an icon no longer offered) is left out. */
export function chipOf(row: Pick<ChatQuickResponseRow, 'label' | 'message' | 'icon'>): QuickResponse | undefined {
  const parsed = quickResponseSchema.safeParse({ label: row.label, message: row.message, icon: row.icon });
  return parsed.success ? parsed.data : undefined;
}

const storedChips = cachePerDatabase(shortCacheMs, () =>
  withDb((db) => activeQuickResponses(db)).then((rows) => rows.flatMap((row) => chipOf(row) ?? [])));

/** Called after staff change a chip: this instance's next chat reply reads the table again. */
export const forgetStoredChips = (): void => storedChips.clear();

/** The chips a reply offers: staff's active chips in place of the English defaults, when there are any. */
export async function chipsForReply(chips: QuickResponse[], log: Logger): Promise<QuickResponse[]> {
  if (!isEnglishDefaultSet(chips)) return chips;
  try {
    const stored = await storedChips();
    return stored.length > 0 ? stored : chips;
  } catch (error) {
    // The reply matters more than the chips: keep the built-in ones.
    log.warn('quick responses unavailable; built-in chips offered', { reason: error instanceof Error ? error.message : String(error) });
    return chips;
  }
}
