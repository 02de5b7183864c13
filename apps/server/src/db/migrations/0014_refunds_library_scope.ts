import { type Kysely, sql } from 'kysely';
import { createLibraryHashIndex } from './0003_checks.ts';
import { dialectOf, isoNowDefault, withId } from './columns.ts';

/**
 * Partial refunds and separate de-duplication of the shared library and each 自建库.
 *
 * - `order_refunds`: one row per refund of an order; `idem_key` is unique, so a double click or a retry of
 *   the same request refunds once. `orders.refunded_fen` is the running total, raised by one guarded UPDATE
 *   (`refunded_fen + x <= amount_fen`), so the refunds of an order never exceed what was paid.
 * - `library_documents.dedup_scope`: `shared`, or `user:<id>` for a personal document. The unique content
 *   index is per scope: a text in someone's 自建库 no longer keeps it out of the shared library.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update orders set refunded_fen = amount_fen where status = 'refunded'`.execute(db);
  await withId(db.schema.createTable('order_refunds'), d)
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('idem_key', 'text', (c) => c.notNull().unique())
    .addColumn('actor_user_id', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addCheckConstraint('order_refunds_amount_positive', sql`amount_fen > 0`)
    .execute();
  await db.schema.createIndex('order_refunds_order').on('order_refunds').column('order_id').execute();

  await db.schema
    .alterTable('library_documents')
    .addColumn('dedup_scope', 'text', (c) => c.notNull().defaultTo('shared'))
    .execute();
  await sql`update library_documents set dedup_scope = 'user:' || owner_user_id where origin = 'personal'`.execute(
    db,
  );
  await db.schema.dropIndex('library_documents_hash').execute();
  await db.schema
    .createIndex('library_documents_scope_hash')
    .on('library_documents')
    .columns(['dedup_scope', 'content_hash'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('library_documents_scope_hash').execute();
  await createLibraryHashIndex(db);
  await db.schema.alterTable('library_documents').dropColumn('dedup_scope').execute();
  await db.schema.dropTable('order_refunds').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_fen').execute();
}
