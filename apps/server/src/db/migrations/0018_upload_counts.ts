import type { Kysely } from 'kysely';

/**
 * A paper's characters are counted once (issue 23): the count `word_count` made is kept with the upload, so the
 * record made from it takes that count instead of counting again. Null on uploads kept before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // one column per statement: SQLite adds one at a time
  await db.schema.alterTable('uploaded_sources').addColumn('characters', 'integer').execute();
  await db.schema.alterTable('uploaded_sources').addColumn('normalized_chars', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploaded_sources').dropColumn('normalized_chars').execute();
  await db.schema.alterTable('uploaded_sources').dropColumn('characters').execute();
}
