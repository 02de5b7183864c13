import { type Kysely, sql } from 'kysely';
import { dialectOf, isoNowDefault, withId } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('products'), d)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quota_kind', 'text', (c) => c.notNull())
    .addColumn('quota_amount', 'bigint', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('list_price_fen', 'bigint', (c) => c.notNull())
    .addColumn('badge', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addCheckConstraint('products_amounts_positive', sql`quota_amount > 0 and price_fen > 0`)
    .execute();

  await withId(db.schema.createTable('orders'), d)
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('package_id', 'bigint', (c) => c.references('products.id'))
    .addColumn('record_type', 'text')
    .addColumn('record_id', 'text')
    .addColumn('credits', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('qr_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('fulfilled_at', 'text')
    .addColumn('refunded_at', 'text')
    .addCheckConstraint('orders_amount_positive', sql`amount_fen > 0`)
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_status').on('orders').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('orders_record').on('orders').columns(['record_type', 'record_id']).execute();

  await withId(db.schema.createTable('payments'), d)
    .addColumn('order_id', 'bigint', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('trade_no', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('raw', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();

  await db.schema
    .createTable('wallets')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addPrimaryKeyConstraint('wallets_pk', ['user_id', 'account'])
    .addCheckConstraint('wallets_amount_nonnegative', sql`amount >= 0`)
    .execute();

  await withId(db.schema.createTable('ledger'), d)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('delta', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('idem_key', 'text', (c) => c.notNull().unique())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();
  await db.schema.createIndex('ledger_user').on('ledger').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('ledger_ref').on('ledger').columns(['ref_type', 'ref_id']).execute();

  await withId(db.schema.createTable('charges'), d)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('active_key', 'text', (c) => c.unique())
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('characters', 'bigint')
    .addColumn('items', 'bigint')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota_kind', 'text', (c) => c.notNull())
    .addColumn('quota_units', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('order_id', 'bigint', (c) => c.references('orders.id'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addColumn('refunded_at', 'text')
    .execute();
  await db.schema.createIndex('charges_ref').on('charges').columns(['ref_type', 'ref_id']).execute();

  await db.schema
    .createTable('free_checks')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('ref_type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addPrimaryKeyConstraint('free_checks_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['free_checks', 'charges', 'ledger', 'wallets', 'payments', 'orders', 'products']) {
    await db.schema.dropTable(t).execute();
  }
}
