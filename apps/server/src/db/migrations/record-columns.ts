import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { type Dialect, isoNowDefault, withId } from './columns.ts';

/**
 * Column sets the paid-record tables (check, aigc, rewrite, ppt, writing and reduce records) share.
 *
 * FROZEN: migrations that already ran depend on these exact columns, types, defaults and their order — a change
 * here would make a freshly migrated database differ from one migrated earlier. Never change a helper; add a new
 * one instead.
 */

/** A table keyed by `id` and owned by a user, removed with the user. */
export function ownedTable<T extends string>(db: Kysely<unknown>, name: T, d: Dialect) {
  return withId(db.schema.createTable(name), d).addColumn('user_id', 'bigint', (c) =>
    c.notNull().references('users.id').onDelete('cascade'),
  );
}

/** Where a record stands in its job: the queue/worker state and its percentage. */
export function statusColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('created'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0));
}

/** What the record costs and what was actually paid for it, in fen. */
export function priceColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return table
    .addColumn('price_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_fen', 'bigint', (c) => c.notNull().defaultTo(0));
}

/**
 * The record's timestamps from creation to refund, then the check that its status is one the job lifecycle
 * knows (named `<table>_status`). Comes last among the columns.
 */
export function lifecycleColumns(name: string, d: Dialect) {
  return <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    table
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('submitted_at', 'text')
      .addColumn('started_at', 'text')
      .addColumn('finished_at', 'text')
      .addColumn('refunded_at', 'text')
      .addCheckConstraint(
        `${name}_status`,
        sql`status in ('created', 'queued', 'running', 'done', 'failed')`,
      );
}

/** A user's records newest first (`<table>_user`) and the worker's look-up by status (`<table>_status`). */
export async function createIndexes(db: Kysely<unknown>, name: string): Promise<void> {
  await db.schema.createIndex(`${name}_user`).on(name).columns(['user_id', 'id']).execute();
  await db.schema.createIndex(`${name}_status`).on(name).column('status').execute();
}
