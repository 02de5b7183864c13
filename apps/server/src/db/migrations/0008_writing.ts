import { type Kysely, sql } from 'kysely';
import { dialectOf, isoNowDefault, withId } from './columns.ts';
import * as record from './record-columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await record
    .ownedTable(db, 'writing_records', d)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('paper_type', 'text', (c) => c.notNull())
    .addColumn('discipline', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('zh'))
    .addColumn('target_words', 'integer', (c) => c.notNull())
    .addColumn('keywords', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('requirements', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'text')
    .addColumn('outline', 'text', (c) => c.notNull())
    .$call(record.statusColumns)
    .$call(record.priceColumns)
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('abstract', 'text')
    .addColumn('keywords_out', 'text')
    .addColumn('abstract_en', 'text')
    .addColumn('keywords_en', 'text')
    .addColumn('references_list', 'text')
    .$call(record.lifecycleColumns('writing_records', d))
    .addCheckConstraint('writing_records_type', sql`paper_type in ('course', 'journal', 'thesis')`)
    .execute();
  await record.createIndexes(db, 'writing_records');

  await withId(db.schema.createTable('writing_sections'), d)
    .addColumn('record_id', 'bigint', (c) => c.notNull().references('writing_records.id').onDelete('cascade'))
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('heading', 'text', (c) => c.notNull())
    .addColumn('brief', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('leaf', 'integer', (c) => c.notNull())
    .addColumn('content', 'text')
    .addColumn('chars', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('written_at', 'text')
    .execute();
  await db.schema
    .createIndex('writing_sections_record')
    .on('writing_sections')
    .columns(['record_id', 'ord'])
    .unique()
    .execute();

  // One row per outline the model drafted: the free daily allowance counts them.
  await record
    .ownedTable(db, 'writing_outline_drafts', d)
    .addColumn('record_id', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();
  await db.schema
    .createIndex('writing_outline_drafts_user')
    .on('writing_outline_drafts')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['writing_outline_drafts', 'writing_sections', 'writing_records'])
    await db.schema.dropTable(t).execute();
}
