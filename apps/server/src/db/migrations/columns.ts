import { type CreateTableBuilder, sql } from 'kysely';

/**
 * Dialect-neutral column helpers for migrations. SQLite and PostgreSQL differ only in how an
 * auto-increment key is spelt; everything else uses portable types (text, integer, bigint, real).
 */
export type Dialect = 'sqlite' | 'postgres';

export function dialectOf(db: { getExecutor(): { adapter: { constructor: { name: string } } } }): Dialect {
  return db.getExecutor().adapter.constructor.name.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** `created_at` default: ISO-8601 UTC text, matching `nowIso()`. */
export const isoNowDefault = (dialect: Dialect) =>
  dialect === 'postgres'
    ? sql`(to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`
    : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
