import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src/db/index.ts';
import { migrations } from '../../src/db/migrations/index.ts';
import { dialects, freshDatabaseUrl } from '../support/databases.ts';

/**
 * Migration 0022 moves the papers of 查重 and AIGC检测 records out of the record rows into tables of their own:
 * a database with records made before it keeps every paper, and going down puts them back.
 */
const provider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => migrations,
};

for (const dialect of dialects) {
  describe(`migration 0022_record_documents [${dialect}]`, () => {
    let db: Db;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      const fresh = await freshDatabaseUrl(dialect);
      drop = fresh.drop;
      db = openDatabase({ databaseUrl: fresh.url, dataDir: fresh.dataDir }).db;
    });
    afterAll(async () => {
      await db?.destroy();
      await drop?.();
    });

    const columns = async (table: string) =>
      dialect === 'sqlite'
        ? (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map(
            (r) => r.name,
          )
        : (
            await sql<{
              name: string;
            }>`select column_name as name from information_schema.columns where table_name = ${table}`.execute(
              db,
            )
          ).rows.map((r) => r.name);

    it('papers stored in the rows before it are in check_documents / aigc_documents after it, and back after down', async () => {
      const migrator = new Migrator({ db, provider });
      expect((await migrator.migrateTo('0021_writing_sources')).error).toBeUndefined();
      const user = await sql<{
        id: number;
      }>`insert into users (username, password_hash) values ('m', 'x') returning id`.execute(db);
      const userId = user.rows[0]!.id;
      const paper = (n: number) =>
        JSON.stringify({ blocks: [{ kind: 'paragraph', text: `论文${n}`.repeat(500) }] });
      await sql`insert into check_records (user_id, title, edition, characters, normalized_chars, price_fen, format, updated_at, document)
        values (${userId}, '查重', 'standard', 1000, 1000, 100, 'paste', '2026-01-01', ${paper(1)})`.execute(
        db,
      );
      await sql`insert into aigc_records (user_id, title, characters, price_fen, format, updated_at, document)
        values (${userId}, 'AIGC', 1000, 100, 'paste', '2026-01-01', ${paper(2)})`.execute(db);

      expect((await migrator.migrateTo('0022_record_documents')).error).toBeUndefined();
      expect(await columns('check_records')).not.toContain('document');
      expect(await columns('aigc_records')).not.toContain('document');
      const moved = async (table: 'checkDocuments' | 'aigcDocuments') =>
        (await db.selectFrom(table).select('document').execute()).map((r) => r.document);
      expect(await moved('checkDocuments')).toEqual([paper(1)]);
      expect(await moved('aigcDocuments')).toEqual([paper(2)]);

      expect((await migrator.migrateDown()).error).toBeUndefined();
      const back = await sql<{ document: string }>`select document from check_records`.execute(db);
      expect(back.rows.map((r) => r.document)).toEqual([paper(1)]);
      const backAigc = await sql<{ document: string }>`select document from aigc_records`.execute(db);
      expect(backAigc.rows.map((r) => r.document)).toEqual([paper(2)]);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
    });
  });
}
