/**
 * The chat assistant: conversations, their messages, visitor feedback, uploaded images, the
 * fixed-window rate-limit counters, and staff notifications (transcripts waiting for the outbox).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chat_conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('page_context', 'text', (c) => c.notNull().defaultTo(''))
    // HMAC of the visitor's IP address with a server secret; the address itself is never stored.
    .addColumn('ip_hash', 'text', (c) => c.notNull())
    .addColumn('needs_handoff', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('rating', 'integer', (c) => c.check(sql`rating between 1 and 5`))
    .addColumn('ended_at', 'timestamptz')
    .addColumn('handoff_notified_at', 'timestamptz')
    .addColumn('rating_notified_at', 'timestamptz')
    .addColumn('is_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_activity_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_conversations_last_activity_idx').on('chat_conversations').column('last_activity_at desc').execute();
  await db.schema.createIndex('chat_conversations_session_idx').on('chat_conversations').column('session_id').execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('user', 'assistant')`))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text')
    .addColumn('needs_handoff', 'boolean', (c) => c.notNull().defaultTo(false))
    // For assistant messages: the recognised intent and which assistant answered (builtin or llm).
    .addColumn('intent', 'text')
    .addColumn('source', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chat_messages_conversation_idx').on('chat_messages').columns(['conversation_id', 'id']).execute();

  await db.schema
    .createTable('chat_feedback')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    // The widget's own id for the assistant message the visitor rated.
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('feedback', 'text', (c) => c.notNull().check(sql`feedback in ('positive', 'negative')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('chat_feedback_conversation_message_key', ['conversation_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('chat_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) => c.notNull().references('chat_conversations.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['chat_images', 'chat_feedback', 'chat_messages', 'chat_conversations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
