import { type Kysely, sql } from 'kysely';
import { dialectOf, isoNowDefault } from './columns.ts';
import * as record from './record-columns.ts';

/** Whole-paper 降重 and 降AIGC (one record type), its paragraphs (stored one by one) and the user's .docx. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await record
    .ownedTable(db, 'reduce_records', d)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('target_similarity', 'real')
    .addColumn('target_aigc', 'real')
    .$call(record.statusColumns)
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('source_record_id', 'bigint')
    .addColumn('report', 'text')
    .addColumn('file_name', 'text')
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .$call(record.priceColumns)
    .addColumn('charge_source', 'text')
    .addColumn('paragraphs', 'integer', (c) => c.notNull())
    .addColumn('target_paragraphs', 'integer', (c) => c.notNull())
    .addColumn('done_paragraphs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('met_paragraphs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_paragraph', 'integer')
    .addColumn('before_scores', 'text')
    .addColumn('after_scores', 'text')
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('check_record_id', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(record.lifecycleColumns('reduce_records', d))
    .addCheckConstraint('reduce_records_kind', sql`kind in ('similarity', 'aigc')`)
    .addCheckConstraint('reduce_records_path', sql`path in ('offline', 'model')`)
    .addCheckConstraint(
      'reduce_records_origin',
      sql`origin in ('paste', 'upload', 'check', 'aigc', 'report')`,
    )
    .execute();
  await record.createIndexes(db, 'reduce_records');

  // One row per paragraph: a run writes each outcome as it finishes, so a restart resumes after it.
  await db.schema
    .createTable('reduce_paragraphs')
    .addColumn('record_id', 'bigint', (c) => c.notNull().references('reduce_records.id').onDelete('cascade'))
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('included', 'integer', (c) => c.notNull())
    .addColumn('original', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('decision', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('edited_text', 'text')
    .addColumn('edited_scores', 'text')
    .addColumn('redos', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('reduce_paragraphs_pk', ['record_id', 'idx'])
    .execute();

  // The user's own .docx (when the source was one): download replaces its paragraph text. In the database so a
  // worker process and any API process see the same bytes.
  await db.schema
    .createTable('reduce_files')
    .addColumn('record_id', 'bigint', (c) =>
      c.primaryKey().references('reduce_records.id').onDelete('cascade'),
    )
    .addColumn('data', d === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['reduce_files', 'reduce_paragraphs', 'reduce_records'])
    await db.schema.dropTable(t).execute();
}
