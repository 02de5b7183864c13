import type { Kysely } from 'kysely';
import { dialectOf, isoNowDefault } from './columns.ts';
import * as record from './record-columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await record
    .ownedTable(db, 'ppt_records', d)
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('speaker', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('slide_count', 'integer', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('source_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outline', 'text')
    .$call(record.statusColumns)
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .$call(record.priceColumns)
    .addColumn('charge_source', 'text')
    .addColumn('deck', 'text')
    .addColumn('prompt', 'text')
    .$call(record.lifecycleColumns('ppt_records', d))
    .execute();
  await record.createIndexes(db, 'ppt_records');

  // The rendered file lives in the database: a worker process writes it, any API process serves it.
  await db.schema
    .createTable('ppt_files')
    .addColumn('record_id', 'bigint', (c) => c.primaryKey().references('ppt_records.id').onDelete('cascade'))
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('data', d === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();

  // One row per free outline drafted, counted per user and Shanghai day for the daily limit.
  await record
    .ownedTable(db, 'ppt_outline_uses', d)
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();
  await db.schema
    .createIndex('ppt_outline_uses_user_day')
    .on('ppt_outline_uses')
    .columns(['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['ppt_outline_uses', 'ppt_files', 'ppt_records']) await db.schema.dropTable(t).execute();
}
