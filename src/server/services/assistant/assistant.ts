/**
 * The assistant the chat endpoint calls: the LLM when OPENAI_API_KEY is set, falling back to the
 * built-in assistant on any failure; the built-in assistant alone otherwise. Emergencies always get
 * the built-in assistant's vetted safety steps, a message the built-in classifier marks as an
 * injection attempt never reaches the model, and a conversation past its token or cost cap is
 * answered by the built-in assistant.
 */
import type { Logger } from '../../http/logger';
import { builtinReply } from './builtin';
import { llmConfigFrom, llmReply, overCap } from './llm';
import type { AssistantInput, AssistantReply, LlmUsage } from './reply';

export type { AssistantInput, AssistantReply, LlmUsage };

export async function answerVisitor(input: AssistantInput, log: Logger, env: Record<string, string | undefined> = process.env): Promise<AssistantReply> {
  const builtin = builtinReply(input);
  const config = llmConfigFrom(env);
  if (!config || builtin.intent === 'emergency' || builtin.intent === 'injection') return builtin;
  const cap = overCap(input.llmUsage, config);
  if (cap) {
    log.info('llm cap reached', { cap });
    return builtin;
  }
  let usage: LlmUsage | undefined;
  const reply = (await llmReply(input, config, builtin, log, (u) => (usage = u))) ?? builtin;
  return usage ? { ...reply, llmUsage: usage } : reply;
}
