import { type Kysely, sql } from 'kysely';
import { dialectOf, isoNowDefault, withId } from './columns.ts';
import * as record from './record-columns.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await record
    .ownedTable(db, 'check_records', d)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('edition', 'text', (c) => c.notNull())
    .$call(record.statusColumns)
    .addColumn('characters', 'bigint', (c) => c.notNull())
    .addColumn('normalized_chars', 'bigint', (c) => c.notNull())
    .$call(record.priceColumns)
    .addColumn('free', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charge_source', 'text')
    .addColumn('file_name', 'text')
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('add_to_library', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('metrics', 'text')
    .addColumn('library_document_id', 'bigint')
    .$call(record.lifecycleColumns('check_records', d))
    .addCheckConstraint('check_records_edition', sql`edition in ('standard', 'professional')`)
    .execute();
  await record.createIndexes(db, 'check_records');

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
  await createLibraryHashIndex(db);
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

/** One live copy of a text; a deleted one may be imported again. (0014 restores it when rolled back.) */
export async function createLibraryHashIndex(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('library_documents_hash')
    .on('library_documents')
    .column('content_hash')
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['library_documents', 'check_reports', 'check_records'])
    await db.schema.dropTable(t).execute();
}
