import type { Kysely } from 'kysely';

/**
 * 降重 / 降AIGC are paid for what met the target (issue 25): `reduce_records.settlement` holds, once the job ends,
 * the JSON of what was billed (paragraphs and characters that met the target and changed) and what the one
 * settlement refund gave back for the rest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reduce_records').addColumn('settlement', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reduce_records').dropColumn('settlement').execute();
}
