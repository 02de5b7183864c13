import { type Kysely, sql } from 'kysely';
import { dialectOf, isoNowDefault, withId } from './columns.ts';

/** AIGC检测: one record per paper a user checks, and its report kept apart so lists stay light. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('aigc_records'), d)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_source', 'text')
    .addColumn('file_name', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('metrics', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('refunded_at', 'text')
    .addCheckConstraint(
      'aigc_records_status',
      sql`status in ('created', 'queued', 'running', 'done', 'failed')`,
    )
    .execute();
  await db.schema.createIndex('aigc_records_user').on('aigc_records').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('aigc_records_status').on('aigc_records').column('status').execute();

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
