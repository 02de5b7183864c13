import { type Kysely, sql } from 'kysely';
import { dialectOf, isoNowDefault, withId } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('rewrite_records'), d)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('check_record_id', 'bigint')
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_source', 'text')
    .addColumn('file_name', 'text')
    .addColumn('paragraphs', 'integer', (c) => c.notNull())
    .addColumn('target_paragraphs', 'integer', (c) => c.notNull())
    .addColumn('done_paragraphs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stats', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('refunded_at', 'text')
    .addCheckConstraint(
      'rewrite_records_status',
      sql`status in ('created', 'queued', 'running', 'done', 'failed')`,
    )
    .addCheckConstraint('rewrite_records_edition', sql`edition in ('standard', 'cnki')`)
    .addCheckConstraint('rewrite_records_origin', sql`origin in ('paste', 'upload', 'check')`)
    .execute();
  await db.schema
    .createIndex('rewrite_records_user')
    .on('rewrite_records')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema.createIndex('rewrite_records_status').on('rewrite_records').column('status').execute();

  await db.schema
    .createTable('rewrite_results')
    .addColumn('record_id', 'bigint', (c) =>
      c.primaryKey().references('rewrite_records.id').onDelete('cascade'),
    )
    .addColumn('paragraphs', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['rewrite_results', 'rewrite_records']) await db.schema.dropTable(t).execute();
}
