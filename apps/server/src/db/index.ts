import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { checkpointInThread } from './wal-checkpoint.ts';

export type Db = Kysely<Database>;
export type DbDialect = 'sqlite' | 'postgres';

// int8 (bigserial ids, counts) as JS numbers: every such value here stays far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface DbHandle {
  db: Db;
  dialect: DbDialect;
}

/** One database for the whole app: PostgreSQL when a URL is given, else SQLite at `<dataDir>/paperdesk.db`. */
export function openDatabase(opts: { databaseUrl?: string | undefined; dataDir: string }): DbHandle {
  if (opts.databaseUrl?.startsWith('postgres')) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20 });
    // An idle client can lose its socket (server restart, database dropped); without a listener
    // that error would crash the process. The pool replaces the client on next use.
    pool.on('error', (err) => console.warn(`PostgreSQL 空闲连接出错: ${err.message}`));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] }),
      dialect: 'postgres',
    };
  }
  const file = opts.databaseUrl?.startsWith('sqlite:')
    ? opts.databaseUrl.slice('sqlite:'.length)
    : path.join(opts.dataDir, 'paperdesk.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // In WAL mode NORMAL is still crash-safe (a power cut can lose the last commits, never corrupt the file) and
  // skips the fsync on every commit, which otherwise stalls the event loop on each progress write.
  sqlite.pragma('synchronous = NORMAL');
  // Rows that hold a paper or a report (about 1–2 MB for 300,000 characters: 降重 records, kept uploads, reports)
  // are read and rewritten through their overflow pages; with the default 2 MB page cache those came from the file
  // each time (a progress write on such a row 2.1 ms, measured; 0.26 ms cached). 64 MB keeps the working set.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  if (file !== ':memory:') checkpointInThread(sqlite, file);
  return {
    db: new Kysely<Database>({
      dialect: new SqliteDialect({ database: keptStatements(sqlite) }),
      plugins: [new CamelCasePlugin()],
    }),
    dialect: 'sqlite',
  };
}

/** Compiled statements kept by their SQL; the least recently used goes beyond this many. */
const STATEMENTS_KEPT = 500;

/**
 * The SQLite connection as Kysely sees it, with its statements kept: Kysely prepares every query it runs, and
 * better-sqlite3 compiles SQL on each `prepare`, synchronously on the API's event loop, for the same few hundred
 * queries over and over. Kysely never iterates a statement here (no `.stream()`), so one statement serves every
 * run of its SQL.
 */
export function keptStatements(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(source: string) {
      let statement = kept.get(source);
      if (statement) kept.delete(source);
      else statement = sqlite.prepare(source);
      kept.set(source, statement);
      if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}

/** Timestamps are ISO-8601 UTC text in both databases, so they sort and compare the same way everywhere. */
export const nowIso = (): string => new Date().toISOString();
