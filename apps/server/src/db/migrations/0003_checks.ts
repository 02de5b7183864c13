import { type Kysely, sql } from 'kysely';
import { dialectOf, isoNowDefault, withId } from './columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('check_records'), d)
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .addColumn('normalized_chars', 'bigint', (c) => c.notNull())
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_source', 'text')
    .addColumn('file_name', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('add_to_library', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('metrics', 'text')
    .addColumn('library_document_id', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('refunded_at', 'text')
    .addCheckConstraint(
      'check_records_status',
      sql`status in ('created', 'queued', 'running', 'done', 'failed')`,
    )
    .addCheckConstraint('check_records_edition', sql`edition in ('standard', 'professional')`)
    .execute();
  await db.schema.createIndex('check_records_user').on('check_records').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('check_records_status').on('check_records').column('status').execute();

  await db.schema
    .createTable('check_reports')
    .addColumn('record_id', 'bigint', (c) =>
      c.primaryKey().references('check_records.id').onDelete('cascade'),
    )
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();

  await withId(db.schema.createTable('library_documents'), d)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('source', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('year', 'integer')
    .addColumn('owner_user_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .addColumn('content_hash', 'text', (c) => c.notNull())
    .addColumn('check_record_id', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .addColumn('deleted_at', 'text')
    .execute();
  // One live copy of a text; a deleted one may be imported again.
  await db.schema
    .createIndex('library_documents_hash')
    .on('library_documents')
    .column('content_hash')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('library_documents_owner')
    .on('library_documents')
    .column('owner_user_id')
    .execute();
  await db.schema
    .createIndex('library_documents_deleted')
    .on('library_documents')
    .column('deleted_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['library_documents', 'check_reports', 'check_records'])
    await db.schema.dropTable(t).execute();
}
