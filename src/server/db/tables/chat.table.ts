/** The chat tables: conversations, messages, feedback, uploaded images and rate-limit counters. */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface ChatConversationTable {
  /** The widget's conversation id (`conv_…`). */
  id: string;
  session_id: string;
  page_context: Generated<string>;
  ip_hash: string;
  needs_handoff: Generated<boolean>;
  rating: number | null;
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  handoff_notified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  rating_notified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Set when staff archive the conversation (hidden from the default list). */
  archived_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  archived_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Local sample rows; never inserted in production. */
  is_demo: Generated<boolean>;
  /** Language-model tokens spent on this conversation (the API's usage field), and their cost. */
  llm_tokens: Generated<number>;
  llm_cost_micro_usd: Generated<number>;
  created_at: ColumnType<Date, never, never>;
  last_activity_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ChatMessageTable {
  id: Generated<number>;
  conversation_id: string;
  role: 'user' | 'assistant';
  content: string;
  image_url: string | null;
  needs_handoff: Generated<boolean>;
  intent: string | null;
  source: 'builtin' | 'llm' | null;
  created_at: ColumnType<Date, never, never>;
}

export interface ChatFeedbackTable {
  id: Generated<number>;
  conversation_id: string;
  message_id: string;
  feedback: 'positive' | 'negative';
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date | string>;
}

export interface ChatImageTable {
  id: string;
  conversation_id: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
  created_at: ColumnType<Date, never, never>;
}

/** A staff note on a conversation: who wrote it and when. */
export interface ChatNoteTable {
  id: Generated<number>;
  conversation_id: string;
  author_email: string;
  body: string;
  created_at: ColumnType<Date, never, never>;
}

/** A quick-reply chip staff edit: offered in order, active rows only, where the assistant offers its defaults. */
export interface ChatQuickResponseTable {
  id: Generated<number>;
  label: string;
  message: string;
  /** One of the chat contract's `chatIcons`. */
  icon: string;
  sort_order: number;
  is_active: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date | string>;
}

export type ChatNote = Selectable<ChatNoteTable>;
export type ChatQuickResponseRow = Selectable<ChatQuickResponseTable>;
export type ChatConversation = Selectable<ChatConversationTable>;
export type NewChatConversation = Insertable<ChatConversationTable>;
export type ChatMessage = Selectable<ChatMessageTable>;
export type NewChatMessage = Insertable<ChatMessageTable>;
export type ChatFeedback = Selectable<ChatFeedbackTable>;
export type ChatImage = Selectable<ChatImageTable>;
export type NewChatImage = Insertable<ChatImageTable>;
