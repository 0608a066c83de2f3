/**
 * Each chat conversation counts the language model's tokens (from the API's usage field) and their
 * cost in millionths of a dollar, so the LLM path stops at a per-conversation cap.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_conversations')
    .addColumn('llm_tokens', 'integer', (c) => c.notNull().defaultTo(0).check(sql`llm_tokens >= 0`))
    .addColumn('llm_cost_micro_usd', 'integer', (c) => c.notNull().defaultTo(0).check(sql`llm_cost_micro_usd >= 0`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_conversations').dropColumn('llm_tokens').dropColumn('llm_cost_micro_usd').execute();
}
