import type { Generated } from 'kysely';

/** One admin action (append-only): `before`/`after` are JSON of what changed, null when nothing existed. */
export interface AdminAuditLogTable {
  id: Generated<number>;
  actorUserId: number;
  action: string;
  target: Generated<string>;
  before: string | null;
  after: string | null;
  createdAt: Generated<string>;
}

export interface AdminTables {
  adminAuditLog: AdminAuditLogTable;
}
