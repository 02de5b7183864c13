import { titleKeys } from '@paperdesk/references';
import { type Kysely, sql } from 'kysely';

/**
 * 参考文献核查 finds a library record by its title as cited, and citations write titles with other punctuation,
 * spacing, width or without the subtitle. Each document keeps its title's keys (`titleKeys`: the whole title and
 * the main title, normalised), indexed, so one query per batch of cited titles matches them. Rows written before
 * this migration are keyed here; `library.add` keys every new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // one column per statement: SQLite adds one at a time
  await db.schema
    .alterTable('library_documents')
    .addColumn('title_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('library_documents')
    .addColumn('main_title_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await keyLibraryTitles(db);
  await db.schema
    .createIndex('library_documents_title_key')
    .on('library_documents')
    .column('title_key')
    .execute();
  await db.schema
    .createIndex('library_documents_main_title_key')
    .on('library_documents')
    .column('main_title_key')
    .execute();
}

/** Keys the rows that have none (all of them when the columns are new), a thousand at a time. */
export async function keyLibraryTitles(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<{
    library_documents: { id: number; title: string; title_key: string };
  }>;
  for (let after = 0; ; ) {
    const rows = await typed
      .selectFrom('library_documents')
      .select(['id', 'title'])
      .where('title_key', '=', '')
      .where('id', '>', after)
      .orderBy('id')
      .limit(1_000)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const k = titleKeys(row.title);
      await sql`update library_documents set title_key = ${k.full}, main_title_key = ${k.main} where id = ${row.id}`.execute(
        db,
      );
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('library_documents_main_title_key').execute();
  await db.schema.dropIndex('library_documents_title_key').execute();
  await db.schema.alterTable('library_documents').dropColumn('main_title_key').execute();
  await db.schema.alterTable('library_documents').dropColumn('title_key').execute();
}
