/**
 * The chat assistant's staff screen: conversations can be archived, staff leave notes on them, and
 * the quick-reply chips the assistant offers by default are rows staff edit and order. Assistant
 * messages already store their intent (2026-11-21-40-chat), which the analytics group by.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chat_conversations')
    .addColumn('archived_at', 'timestamptz')
    .addColumn('archived_by', 'text')
    .execute();
  await db.schema.createIndex('chat_conversations_created_idx').on('chat_conversations').column('created_at desc').execute();
  await db.schema.createIndex('chat_messages_intent_idx').on('chat_messages').columns(['role', 'intent']).execute();

  await db.schema
    .createTable('chat_notes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('author_email', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_notes_conversation_idx').on('chat_notes').columns(['conversation_id', 'id']).execute();

  await db.schema
    .createTable('chat_quick_responses')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    // The chip's text (SPEC's chat contract: at most 40 characters) and the message it sends.
    .addColumn('label', 'text', (c) => c.notNull().check(sql`char_length(label) between 1 and 40`))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`char_length(message) between 1 and 200`))
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chat_quick_responses').ifExists().execute();
  await db.schema.dropTable('chat_notes').ifExists().execute();
  await db.schema.dropIndex('chat_messages_intent_idx').ifExists().execute();
  await db.schema.dropIndex('chat_conversations_created_idx').ifExists().execute();
  await db.schema.alterTable('chat_conversations').dropColumn('archived_by').dropColumn('archived_at').execute();
}
