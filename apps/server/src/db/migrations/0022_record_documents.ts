import { type Kysely, sql } from 'kysely';

/**
 * 查重 and AIGC检测 keep a record's paper (about 1 MB of JSON for 300,000 characters) in a table of its own. In the
 * record's row it sat before the status, progress, message and list columns, so every list read, progress write
 * and status change walked (SQLite) the paper's overflow pages on the API's thread: a list of 10 records read
 * ~10 MB of pages, a progress write compared 1 MB. Only the job reads the paper.
 */
const MOVED = [
  { records: 'check_records', documents: 'check_documents' },
  { records: 'aigc_records', documents: 'aigc_documents' },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { records, documents } of MOVED) {
    await db.schema
      .createTable(documents)
      .addColumn('record_id', 'bigint', (c) => c.primaryKey().references(`${records}.id`).onDelete('cascade'))
      .addColumn('document', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into ${sql.table(documents)} (record_id, document) select id, document from ${sql.table(records)}`.execute(
      db,
    );
    await db.schema.alterTable(records).dropColumn('document').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { records, documents } of MOVED) {
    await db.schema
      .alterTable(records)
      .addColumn('document', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`update ${sql.table(records)} set document = (select d.document from ${sql.table(documents)} d where d.record_id = ${sql.ref(`${records}.id`)})`.execute(
      db,
    );
    await db.schema.dropTable(documents).execute();
  }
}
