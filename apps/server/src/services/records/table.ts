import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../db/index.ts';
import { notFound } from '../../errors.ts';

/** The paid services' record tables: each row has an `id`, an owner `userId` and a job `status`. */
export type RecordTable =
  | 'checkRecords'
  | 'aigcRecords'
  | 'rewriteRecords'
  | 'pptRecords'
  | 'writingRecords'
  | 'reduceRecords';

/** The lifecycle's timestamps, in the tables' column order (a list selects them with the service's own columns). */
export const LIFECYCLE_COLUMNS = [
  'createdAt',
  'updatedAt',
  'submittedAt',
  'startedAt',
  'finishedAt',
  'refundedAt',
] as const;

/** The records whose job had not finished when the server stopped, oldest first: the job queue re-runs them. */
export async function unfinishedRecords(db: Db, table: RecordTable): Promise<{ recordId: number }[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ recordId: Number(r.id) }));
}

/** The user's own record of `table`, or 404 with `missing` (someone else's record is as absent as none). */
export async function ownedRecord<T extends RecordTable>(
  db: Db,
  table: T,
  userId: number,
  id: number,
  missing: string,
): Promise<Selectable<Database[T]>> {
  const row = await db
    .selectFrom(table as RecordTable)
    .selectAll()
    .where('id', '=', id)
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(missing);
  return row as Selectable<Database[T]>;
}

/**
 * init: stores a new record of `table`, not paid yet (待支付) and made now; answers its row. `executor` may be
 * the caller's transaction.
 */
export async function insertUnpaid<T extends RecordTable>(
  executor: Kysely<Database>,
  table: T,
  values: Omit<Insertable<Database[T]>, 'message' | 'createdAt' | 'updatedAt'>,
): Promise<Selectable<Database[T]>> {
  const now = nowIso();
  const row = await executor
    .insertInto(table as RecordTable)
    .values({ ...values, message: '待支付', createdAt: now, updatedAt: now } as Insertable<
      Database[RecordTable]
    >)
    .returningAll()
    .executeTakeFirstOrThrow();
  return row as Selectable<Database[T]>;
}

/** The record tables whose paper lives in a table of its own (migration 0022), keyed by the record's id. */
const DOCUMENT_TABLES = { checkRecords: 'checkDocuments', aigcRecords: 'aigcDocuments' } as const;

/**
 * init of a service that keeps its paper apart (查重, AIGC检测): the unpaid record and its paper stored in one
 * transaction, so the record's row stays small for every read and write of it; answers the record's row.
 */
export async function insertUnpaidWithDocument<T extends keyof typeof DOCUMENT_TABLES>(
  db: Db,
  table: T,
  values: Omit<Insertable<Database[T]>, 'message' | 'createdAt' | 'updatedAt'>,
  document: unknown,
): Promise<Selectable<Database[T]>> {
  return db.transaction().execute(async (trx) => {
    const inserted = await insertUnpaid(trx, table, values);
    await trx
      .insertInto(DOCUMENT_TABLES[table] as (typeof DOCUMENT_TABLES)[keyof typeof DOCUMENT_TABLES])
      .values({ recordId: (inserted as { id: number }).id, document: JSON.stringify(document) })
      .execute();
    return inserted;
  });
}
