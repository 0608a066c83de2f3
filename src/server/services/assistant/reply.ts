/** What both assistants produce and what the chat service stores and returns. */
import type { QuickResponse } from '../../../lib/api/chat.contract';
import type { ReplyIntent } from './intents';

export interface ConversationTurn {
  role: 'user' | 'assistant';
  content: string;
  imageUrl?: string;
}

export interface AssistantInput {
  /**
   * The conversation so far, oldest first; the last entry is the visitor's new message. The chat
   * service passes the conversation as stored, never the transcript the browser sends.
   */
  messages: ConversationTurn[];
  /** The path of the page the visitor is on. */
  pageContext: string;
  /** Language-model usage of this conversation so far, for the per-conversation caps. */
  llmUsage?: LlmUsage;
}

/** Tokens (as the API's usage field reports them) and their cost in millionths of a dollar. */
export interface LlmUsage {
  tokens: number;
  costMicroUsd: number;
}

export interface AssistantReply {
  message: string;
  needsHandoff: boolean;
  openScheduler: boolean;
  quickResponses: QuickResponse[];
  intent: ReplyIntent;
  source: 'builtin' | 'llm';
  /** Root-relative pages the answer drew on. */
  sources: string[];
  /** Language-model usage of this answer, when the model was asked (even if its reply was refused). */
  llmUsage?: LlmUsage;
}
