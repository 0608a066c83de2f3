/**
 * The assistant the chat endpoint calls: the LLM when OPENAI_API_KEY is set, falling back to the
 * built-in assistant on any failure; the built-in assistant alone otherwise. Emergencies always get
 * the built-in assistant's vetted safety steps.
 */
import type { Logger } from '../../http/logger';
import { builtinReply } from './builtin';
import { llmConfigFrom, llmReply } from './llm';
import type { AssistantInput, AssistantReply } from './reply';

export type { AssistantInput, AssistantReply };

export async function answerVisitor(input: AssistantInput, log: Logger, env: Record<string, string | undefined> = process.env): Promise<AssistantReply> {
  const builtin = builtinReply(input);
  const config = llmConfigFrom(env);
  if (!config || builtin.intent === 'emergency') return builtin;
  return (await llmReply(input, config, builtin, log)) ?? builtin;
}
