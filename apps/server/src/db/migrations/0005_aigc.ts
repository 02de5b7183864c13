import type { Kysely } from 'kysely';
import { dialectOf, isoNowDefault } from './columns.ts';
import * as record from './record-columns.ts';

/** AIGC检测: one record per paper a user checks, and its report kept apart so lists stay light. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await record
    .ownedTable(db, 'aigc_records', d)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .$call(record.statusColumns)
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .$call(record.priceColumns)
    .addColumn('charge_source', 'text')
    .addColumn('file_name', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('metrics', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .$call(record.lifecycleColumns('aigc_records', d))
    .execute();
  await record.createIndexes(db, 'aigc_records');

  await db.schema
    .createTable('aigc_reports')
    .addColumn('record_id', 'bigint', (c) => c.primaryKey().references('aigc_records.id').onDelete('cascade'))
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['aigc_reports', 'aigc_records']) await db.schema.dropTable(t).execute();
}
