import type { Kysely } from 'kysely';
import { dialectOf, isoNowDefault } from './columns.ts';

/**
 * The daily free 专业版 check for self-hosted QR sign-ins is limited per device and per network, not
 * only per account (password accounts cost nothing to make): the device and network of each account's
 * latest self-hosted QR sign-in, and which device/network used today's free check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable('self_qr_devices')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('network_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();

  await db.schema
    .createTable('free_check_claims')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('claim_key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addPrimaryKeyConstraint('free_check_claims_pk', ['day', 'claim_key'])
    .execute();
  await db.schema
    .createIndex('free_check_claims_ref')
    .on('free_check_claims')
    .columns(['user_id', 'ref_type', 'ref_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['free_check_claims', 'self_qr_devices']) await db.schema.dropTable(t).execute();
}
