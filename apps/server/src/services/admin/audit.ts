import type { AuditEntry, AuditQuery, Page } from '@paperdesk/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import { likeLiteral, selectPage } from '../../db/paging.ts';
import { nowIso } from '../../db/index.ts';
import type { Executor } from '../billing/ledger.ts';

export interface AuditInput {
  actorUserId: number;
  action: string;
  target?: string;
  before?: unknown;
  after?: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
const parse = (v: string | null): unknown => (v === null ? null : (JSON.parse(v) as unknown));

/** Every admin action, append-only: who, what, on which target, and the value before and after. */
export function createAuditLog(db: Db) {
  return {
    /** Write one entry; pass the action's transaction so the entry and the change commit together. */
    async record(input: AuditInput, trx: Executor = db): Promise<void> {
      await trx
        .insertInto('adminAuditLog')
        .values({
          actorUserId: input.actorUserId,
          action: input.action,
          target: input.target ?? '',
          before: json(input.before),
          after: json(input.after),
          createdAt: nowIso(),
        })
        .execute();
    },

    async list(q: AuditQuery): Promise<Page<AuditEntry>> {
      let base = db.selectFrom('adminAuditLog as a').innerJoin('users as u', 'u.id', 'a.actorUserId');
      if (q.action) {
        // a prefix, with LIKE wildcards taken literally (actions contain `_`, e.g. library.upload_zip)
        const pattern = `${likeLiteral(q.action)}%`;
        base = base.where(sql<boolean>`${sql.ref('a.action')} like ${pattern} escape '\\'`);
      }
      const rows = base
        .select([
          'a.id',
          'a.actorUserId',
          'u.username',
          'a.action',
          'a.target',
          'a.before',
          'a.after',
          'a.createdAt',
        ])
        .orderBy('a.id', 'desc');
      return selectPage(rows, q, (r) => ({
        id: Number(r.id),
        actorUserId: Number(r.actorUserId),
        actorName: r.username,
        action: r.action,
        target: r.target,
        before: parse(r.before),
        after: parse(r.after),
        createdAt: r.createdAt,
      }));
    },
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
