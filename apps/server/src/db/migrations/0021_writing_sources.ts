import { type Kysely, sql } from 'kysely';
import { dialectOf, isoNowDefault, withId } from './columns.ts';

/**
 * 论文写作's sources for one paper: 自建库 documents the user picked and files uploaded for it (their records as
 * read, JSON). Owner-scoped through the paper's record; removed with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('writing_sources'), d)
    .addColumn('record_id', 'bigint', (c) => c.notNull().references('writing_records.id').onDelete('cascade'))
    .addColumn('ord', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('document_id', 'bigint')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('records', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addCheckConstraint('writing_sources_kind', sql`kind in ('library', 'file')`)
    .execute();
  await db.schema
    .createIndex('writing_sources_record')
    .on('writing_sources')
    .columns(['record_id', 'ord'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('writing_sources').execute();
}
