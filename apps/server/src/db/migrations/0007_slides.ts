import { type Kysely, sql } from 'kysely';
import { dialectOf, isoNowDefault, withId } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('ppt_records'), d)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('speaker', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template_id', 'text', (c) => c.notNull())
    .addColumn('slide_count', 'integer', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('source_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('outline', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_source', 'text')
    .addColumn('deck', 'text')
    .addColumn('prompt', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('refunded_at', 'text')
    .addCheckConstraint(
      'ppt_records_status',
      sql`status in ('created', 'queued', 'running', 'done', 'failed')`,
    )
    .execute();
  await db.schema.createIndex('ppt_records_user').on('ppt_records').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('ppt_records_status').on('ppt_records').column('status').execute();

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
  await withId(db.schema.createTable('ppt_outline_uses'), d)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
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
