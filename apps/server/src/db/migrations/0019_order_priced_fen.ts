import type { Kysely } from 'kysely';

/**
 * A QR payment for one record takes the balance first and asks only for the rest (issue 26): `orders.priced_fen`
 * keeps the record's whole price, which the charge takes from the balance once the QR part has arrived.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('priced_fen', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('priced_fen').execute();
}
