import type { Kysely } from 'kysely';

/**
 * A login QR remembers where it was requested (network and browser) so the phone asked to confirm it can show
 * them: someone who sends their own QR link to a victim is then visibly another computer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('qr_logins').addColumn('requested_ip', 'text').execute();
  await db.schema.alterTable('qr_logins').addColumn('requested_agent', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('qr_logins').dropColumn('requested_agent').execute();
  await db.schema.alterTable('qr_logins').dropColumn('requested_ip').execute();
}
