import { type Kysely, sql } from 'kysely';
import { dialectOf, isoNowDefault } from './columns.ts';
import * as record from './record-columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await record
    .ownedTable(db, 'rewrite_records', d)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('edition', 'text', (c) => c.notNull())
    .$call(record.statusColumns)
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('check_record_id', 'bigint')
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .$call(record.priceColumns)
    .addColumn('charge_source', 'text')
    .addColumn('file_name', 'text')
    .addColumn('paragraphs', 'integer', (c) => c.notNull())
    .addColumn('target_paragraphs', 'integer', (c) => c.notNull())
    .addColumn('done_paragraphs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('stats', 'text')
    .$call(record.lifecycleColumns('rewrite_records', d))
    .addCheckConstraint('rewrite_records_edition', sql`edition in ('standard', 'cnki')`)
    .addCheckConstraint('rewrite_records_origin', sql`origin in ('paste', 'upload', 'check')`)
    .execute();
  await record.createIndexes(db, 'rewrite_records');

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
