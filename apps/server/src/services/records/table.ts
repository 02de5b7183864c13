import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../errors.ts';

/** The paid services' record tables: each row has an `id`, an owner `userId` and a job `status`. */
export type RecordTable =
  | 'checkRecords'
  | 'aigcRecords'
  | 'rewriteRecords'
  | 'pptRecords'
  | 'writingRecords'
  | 'reduceRecords';

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
