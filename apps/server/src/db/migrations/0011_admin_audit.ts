import type { Kysely } from 'kysely';
import { dialectOf, isoNowDefault, withId } from './columns.ts';

/** The admin console's audit log: every admin action, who did it, on what, and the value before and after. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const d = dialectOf(db);
  await withId(db.schema.createTable('admin_audit_log'), d)
    .addColumn('actor_user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(isoNowDefault(d)))
    .execute();
  await db.schema.createIndex('admin_audit_log_created').on('admin_audit_log').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_audit_log').execute();
}
