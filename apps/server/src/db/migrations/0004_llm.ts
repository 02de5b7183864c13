import type { Kysely } from 'kysely';
import { dialectOf, isoNowDefault, withId } from './columns.ts';

/** Model calls (usage per call) and the chat assistant's conversations. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('llm_calls'), d)
    .addColumn('feature', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usage_estimated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();
  await db.schema
    .createIndex('llm_calls_feature_created')
    .on('llm_calls')
    .columns(['feature', 'created_at'])
    .execute();
  await db.schema.createIndex('llm_calls_user').on('llm_calls').column('user_id').execute();

  await withId(db.schema.createTable('chat_conversations'), d)
    .addColumn('user_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guest_key', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_conversations_user')
    .on('chat_conversations')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('chat_conversations_guest')
    .on('chat_conversations')
    .columns(['guest_key', 'updated_at'])
    .execute();

  await withId(db.schema.createTable('chat_messages'), d)
    .addColumn('conversation_id', 'bigint', (c) =>
      c.notNull().references('chat_conversations.id').onDelete('cascade'),
    )
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('llm_call_id', 'bigint', (c) => c.references('llm_calls.id').onDelete('set null'))
    .addColumn('charge_ref', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();
  await db.schema
    .createIndex('chat_messages_conversation')
    .on('chat_messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('chat_guest_quota')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_guest_quota_pk', ['key', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['chat_guest_quota', 'chat_messages', 'chat_conversations', 'llm_calls']) {
    await db.schema.dropTable(t).execute();
  }
}
