/**
 * /admin/chatbot's state: the open tab and the conversation list's query (both kept in the address,
 * so a reload or a shared link shows the same view), the list, the open transcript, the analytics
 * and the quick-reply chips.
 */
import { atom, map } from 'nanostores';
import {
  adminChatAnalyticsContract, adminChatArchiveContract, adminChatConversationContract, adminChatConversationsContract, adminChatEmailContract,
  adminChatNoteContract, adminQuickResponseAddContract, adminQuickResponseMoveContract, adminQuickResponsesContract, adminQuickResponseUpdateContract,
  type ConversationDetail, type ConversationSummary, type QuickResponseRow,
} from '../../lib/api/admin/chatbot.contract';
import { ApiError, callContract } from '../../lib/api/client';
import type { QueryOf, ReadOf, RequestOf } from '../../lib/api/contract';
import { handleAdminError } from './session.store';

export const chatbotTabs = ['conversations', 'analytics', 'quick-responses'] as const;
export type ChatbotTab = (typeof chatbotTabs)[number];
export const $chatbotTab = atom<ChatbotTab>('conversations');

export type ConversationQuery = Omit<QueryOf<typeof adminChatConversationsContract>, 'q' | 'from' | 'to'> & { q: string; from: string; to: string };
export const defaultConversationQuery: ConversationQuery = { page: 1, pageSize: 25, sort: 'last_activity_at', dir: 'desc', q: '', handoff: 'all', rating: 'all', archived: 'no', from: '', to: '' };

export const $conversationQuery = map<ConversationQuery>({ ...defaultConversationQuery });
export const $conversationList = atom<{ status: 'idle' | 'loading' | 'ready' | 'error'; rows: ConversationSummary[]; total: number; message: string }>({ status: 'idle', rows: [], total: 0, message: '' });
export const $openConversation = atom<{ status: 'closed' | 'loading' | 'ready' | 'saving' | 'error'; conversation?: ConversationDetail; message: string; tone: 'info' | 'error' }>({ status: 'closed', message: '', tone: 'info' });

const queryKeys = Object.keys(defaultConversationQuery) as (keyof ConversationQuery)[];

/** The view as read from the address bar (unknown or invalid values fall back to the defaults). */
export function viewFromSearch(search: string): { tab: ChatbotTab; query: ConversationQuery; open?: string } {
  const params = new URLSearchParams(search);
  const tab = chatbotTabs.find((t) => t === params.get('tab')) ?? 'conversations';
  const picked = Object.fromEntries(queryKeys.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));
  const parsed = adminChatConversationsContract.query.safeParse(picked);
  const query = parsed.success ? { ...defaultConversationQuery, ...parsed.data, q: parsed.data.q ?? '', from: parsed.data.from ?? '', to: parsed.data.to ?? '' } : { ...defaultConversationQuery };
  const open = params.get('id') ?? undefined;
  return { tab, query, ...(open && /^conv_[A-Za-z0-9_-]{6,80}$/.test(open) ? { open } : {}) };
}

export function searchFromView(tab: ChatbotTab, query: ConversationQuery, open?: string): string {
  const params = new URLSearchParams();
  if (tab !== 'conversations') params.set('tab', tab);
  if (tab === 'conversations') {
    for (const key of queryKeys) if (query[key] !== '' && query[key] !== defaultConversationQuery[key]) params.set(key, String(query[key]));
    if (open) params.set('id', open);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Keeps the address in step with what is shown, without adding history entries. */
export function syncAddress(): void {
  const search = searchFromView($chatbotTab.get(), $conversationQuery.get(), $openConversation.get().conversation?.id);
  history.replaceState(null, '', search || location.pathname);
}

const withoutBlanks = (query: ConversationQuery) => ({ ...query, q: query.q || undefined, from: query.from || undefined, to: query.to || undefined });

let listSeq = 0;
export async function loadConversations(): Promise<void> {
  const seq = ++listSeq;
  $conversationList.set({ ...$conversationList.get(), status: 'loading', message: '' });
  try {
    const result = await callContract(adminChatConversationsContract, withoutBlanks($conversationQuery.get()));
    if (seq !== listSeq) return; // a newer query answered meanwhile
    $conversationList.set({ status: 'ready', rows: result.rows, total: result.total, message: '' });
  } catch (error) {
    if (seq !== listSeq) return;
    $conversationList.set({ ...$conversationList.get(), status: 'error', message: handleAdminError(error) });
  }
}

export function setConversationQuery(change: Partial<ConversationQuery>): void {
  // Any change other than the page starts again at page 1.
  $conversationQuery.set({ ...$conversationQuery.get(), ...('page' in change ? {} : { page: 1 }), ...change });
  syncAddress();
  void loadConversations();
}

export async function openConversation(id: string): Promise<void> {
  $openConversation.set({ status: 'loading', message: '', tone: 'info' });
  try {
    const conversation = await callContract(adminChatConversationContract, undefined, undefined, { id });
    $openConversation.set({ status: 'ready', conversation, message: '', tone: 'info' });
  } catch (error) {
    $openConversation.set({ status: 'error', message: handleAdminError(error), tone: 'error' });
  }
  syncAddress();
}

export function closeConversation(): void {
  $openConversation.set({ status: 'closed', message: '', tone: 'info' });
  syncAddress();
}

async function changeOpen(run: (id: string) => Promise<ConversationDetail | string>, refreshList: boolean): Promise<boolean> {
  const current = $openConversation.get();
  if (!current.conversation) return false;
  $openConversation.set({ ...current, status: 'saving', message: '' });
  try {
    const result = await run(current.conversation.id);
    if (typeof result === 'string') $openConversation.set({ ...current, status: 'ready', message: result, tone: 'info' });
    else $openConversation.set({ status: 'ready', conversation: result, message: 'Saved.', tone: 'info' });
    if (refreshList) void loadConversations();
    return true;
  } catch (error) {
    $openConversation.set({ ...current, status: 'ready', message: handleAdminError(error), tone: 'error' });
    return false;
  }
}

export const addNote = (body: string) => changeOpen((id) => callContract(adminChatNoteContract, { body }, undefined, { id }), false);
export const setArchived = (archived: boolean) => changeOpen((id) => callContract(adminChatArchiveContract, { archived }, undefined, { id }), true);
export const emailTranscript = () =>
  changeOpen(async (id) => {
    await callContract(adminChatEmailContract, {}, undefined, { id });
    return 'The transcript is on its way to the office email.';
  }, false);

export type AnalyticsData = ReadOf<typeof adminChatAnalyticsContract>;
export const $analytics = atom<{ status: 'idle' | 'loading' | 'ready' | 'error'; data?: AnalyticsData; message: string }>({ status: 'idle', message: '' });

export async function loadAnalytics(range: { from?: string; to?: string } = {}): Promise<void> {
  $analytics.set({ ...$analytics.get(), status: 'loading', message: '' });
  try {
    $analytics.set({ status: 'ready', data: await callContract(adminChatAnalyticsContract, { from: range.from || undefined, to: range.to || undefined }), message: '' });
  } catch (error) {
    $analytics.set({ ...$analytics.get(), status: 'error', message: handleAdminError(error) });
  }
}

export type QuickResponseInput = RequestOf<typeof adminQuickResponseAddContract>;
export const $quickResponses = atom<{ status: 'idle' | 'loading' | 'ready' | 'error'; data?: ReadOf<typeof adminQuickResponsesContract>; message: string }>({ status: 'idle', message: '' });
export const $quickNotice = atom<{ tone: 'info' | 'error'; text: string; fields: Record<string, string> }>({ tone: 'info', text: '', fields: {} });

export async function loadQuickResponses(): Promise<void> {
  try {
    $quickResponses.set({ status: 'ready', data: await callContract(adminQuickResponsesContract, undefined), message: '' });
  } catch (error) {
    $quickResponses.set({ ...$quickResponses.get(), status: 'error', message: handleAdminError(error) });
  }
}

const visibleSoon = 'The chat offers it in new replies within a minute.';

/** Adds (no id) or changes a chip; true when saved. */
export async function saveQuickResponse(id: number | null, input: QuickResponseInput): Promise<boolean> {
  try {
    const saved = id === null ? await callContract(adminQuickResponseAddContract, input) : await callContract(adminQuickResponseUpdateContract, input, undefined, { id });
    $quickNotice.set({ tone: 'info', text: `Saved “${saved.label}”${saved.isActive ? `. ${visibleSoon}` : ' (switched off).'}`, fields: {} });
    await loadQuickResponses();
    return true;
  } catch (error) {
    $quickNotice.set({ tone: 'error', text: handleAdminError(error), fields: error instanceof ApiError ? error.fields : {} });
    return false;
  }
}

export async function setQuickResponseActive(row: QuickResponseRow, isActive: boolean): Promise<boolean> {
  return saveQuickResponse(row.id, { label: row.label, message: row.message, icon: row.icon, isActive });
}

export async function moveQuickResponse(row: QuickResponseRow, direction: 'up' | 'down'): Promise<boolean> {
  try {
    const { rows } = await callContract(adminQuickResponseMoveContract, { direction }, undefined, { id: row.id });
    const current = $quickResponses.get().data;
    if (current) $quickResponses.set({ status: 'ready', data: { ...current, rows }, message: '' });
    const place = rows.findIndex((r) => r.id === row.id) + 1;
    $quickNotice.set({ tone: 'info', text: `Moved “${row.label}” to place ${place} of ${rows.length}.`, fields: {} });
    return true;
  } catch (error) {
    $quickNotice.set({ tone: 'error', text: handleAdminError(error), fields: {} });
    return false;
  }
}

/** Stores the built-in chips as rows, in their order, so staff can edit them. */
export async function copyBuiltinChips(): Promise<void> {
  const builtins = $quickResponses.get().data?.builtinDefaults ?? [];
  try {
    for (const chip of builtins) await callContract(adminQuickResponseAddContract, { ...chip, isActive: true });
    $quickNotice.set({ tone: 'info', text: `Copied the ${builtins.length} built-in chips: edit, reorder or switch them off below.`, fields: {} });
  } catch (error) {
    $quickNotice.set({ tone: 'error', text: handleAdminError(error), fields: {} });
  }
  await loadQuickResponses();
}
