/** What both assistants produce and what the chat service stores and returns. */
import type { QuickResponse } from '../../../lib/api/chat.contract';
import type { ReplyIntent } from './intents';

export interface ConversationTurn {
  role: 'user' | 'assistant';
  content: string;
  imageUrl?: string;
}

export interface AssistantInput {
  /** The conversation so far, oldest first; the last entry is the visitor's new message. */
  messages: ConversationTurn[];
  /** The path of the page the visitor is on. */
  pageContext: string;
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
}
