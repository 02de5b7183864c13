import type { Kysely } from 'kysely';
import { dialectOf, isoNowDefault } from './columns.ts';

/**
 * A paper is sent and read once: `word_count` keeps what it read here under a random id, and `*_init` takes
 * that id instead of the file. Rows are short-lived (see services/records/uploads.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await db.schema
    .createTable('uploaded_sources')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint')
    .addColumn('client_ip', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('data', d === 'postgres' ? 'bytea' : 'blob')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();
  await db.schema
    .createIndex('uploaded_sources_created')
    .on('uploaded_sources')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploaded_sources').execute();
}
