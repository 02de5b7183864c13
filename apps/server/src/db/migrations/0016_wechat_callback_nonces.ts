import type { Kysely } from 'kysely';

/**
 * WeChat callbacks already acted on, by URL signature, for as long as their timestamp is accepted: a captured
 * callback URL (its signature covers only token, timestamp and nonce, not a plaintext-mode body) cannot be sent
 * again with forged events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wechat_callbacks')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wechat_callbacks').execute();
}
