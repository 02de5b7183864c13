import fs from 'node:fs';
import { hash as argonHash } from '@node-rs/argon2';
import path from 'node:path';
import {
  type AdjustBalanceResult,
  ADMIN_CONFIG_PREFIXES,
  type AdminConfigEntry,
  type LibraryMatch,
  type LibraryStatus,
  LimitValue,
  PriceEntry,
} from '@paperdesk/contracts';
import { sql } from 'kysely';
import type { Db, DbDialect } from '../../db/index.ts';
import { applyDelta } from '../billing/ledger.ts';
import type { Library } from '../checks/library.ts';
import { importSeedLibrary, libraryName, seedMark } from '../checks/seed.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { createSysConfig } from '../sys-config.ts';
import type { AuditLog } from './audit.ts';

type SysConfig = ReturnType<typeof createSysConfig>;

/**
 * What the admin console does beyond plain reads: each action validates, applies and writes its audit
 * entry (in the same transaction where there is one).
 */
export function createAdminConsole(deps: {
  db: Db;
  sysConfig: SysConfig;
  library: Library;
  audit: AuditLog;
  dataDir: string;
  dialect: DbDialect;
}) {
  const { db, sysConfig, library, audit } = deps;

  function indexFileState() {
    const dir = path.join(deps.dataDir, 'library');
    try {
      const meta = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as {
        documents?: number;
        savedAt?: string;
      };
      return {
        savedDocuments: meta.documents ?? null,
        savedAt: meta.savedAt ?? null,
        fileBytes: fs.statSync(path.join(dir, 'index.bin')).size,
      };
    } catch {
      return { savedDocuments: null, savedAt: null, fileBytes: null };
    }
  }

  return {
    /**
     * The shared library's documents that the most checks matched, counted from the stored reports (each
     * report's `sources[].documentId`, one per check), with the time of the latest such check.
     */
    async libraryMatches(limit: number): Promise<LibraryMatch[]> {
      const counted =
        deps.dialect === 'postgres'
          ? sql<{ documentId: string; checks: string; lastAt: string }>`
              select (s.value->>'documentId')::bigint as "documentId", count(distinct r.record_id) as checks,
                     max(r.created_at) as "lastAt"
              from check_reports r, jsonb_array_elements((r.report::jsonb)->'sources') as s(value)
              group by 1`
          : sql<{ documentId: number; checks: number; lastAt: string }>`
              select cast(json_extract(s.value, '$.documentId') as integer) as "documentId",
                     count(distinct r.record_id) as checks, max(r.created_at) as "lastAt"
              from check_reports r, json_each(r.report, '$.sources') as s
              group by 1`;
      const rows = await sql<{
        documentId: number | string;
        checks: number | string;
        lastAt: string;
        title: string;
        author: string;
        deleted: number | string;
      }>`
        select m."documentId", m.checks, m."lastAt", d.title, d.author,
               case when d.deleted_at is null then 0 else 1 end as deleted
        from (${counted}) m join library_documents d on d.id = m."documentId"
        where d.origin <> 'personal'
        order by m.checks desc, m."documentId" desc
        limit ${limit}`.execute(db);
      return rows.rows.map((r) => ({
        documentId: Number(r.documentId),
        title: r.title,
        author: r.author,
        checks: Number(r.checks),
        lastCheckedAt: r.lastAt,
        deleted: Number(r.deleted) === 1,
      }));
    },

    async libraryStatus(): Promise<LibraryStatus> {
      const [name, stats, seed] = await Promise.all([
        libraryName(sysConfig),
        library.stats(),
        seedMark(sysConfig),
      ]);
      return {
        name,
        documents: stats.documents,
        characters: stats.characters,
        index: {
          indexedDocuments: stats.indexedDocuments,
          ...indexFileState(),
          heapUsedBytes: process.memoryUsage().heapUsed,
        },
        seed,
      };
    },

    async seedLibrary(actorUserId: number) {
      const before = await library.stats();
      const r = await importSeedLibrary(library, sysConfig);
      const after = await library.stats();
      await audit.record({
        actorUserId,
        action: 'library.seed',
        target: 'seed',
        before: { documents: before.documents, characters: before.characters },
        after: {
          documents: after.documents,
          characters: after.characters,
          added: r.added,
          skipped: r.skipped,
        },
      });
      return r;
    },

    async listConfig(): Promise<AdminConfigEntry[]> {
      const rows = (await Promise.all(ADMIN_CONFIG_PREFIXES.map((p) => sysConfig.list(p)))).flat();
      return rows.map((r) => ({
        key: r.key,
        value: JSON.parse(r.value) as unknown,
        description: r.description,
        updatedAt: r.updatedAt,
      }));
    },

    /** Change a price or limit that exists (seeded by its service); the shape is checked per prefix. */
    async setConfig(actorUserId: number, key: string, value: unknown): Promise<AdminConfigEntry> {
      const [row] = (await sysConfig.list(key)).filter((r) => r.key === key);
      if (!row) throw notFound(`配置项 ${key} 不存在`);
      const checked = key.startsWith('price.') ? PriceEntry.safeParse(value) : LimitValue.safeParse(value);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw badRequest(`${key}：${issue?.path.join('.') || '值'} ${issue?.message ?? '格式错误'}`);
      }
      const before = JSON.parse(row.value) as unknown;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sysConfig')
          .set({ value: JSON.stringify(checked.data), updatedAt: new Date().toISOString() })
          .where('key', '=', key)
          .execute();
        await audit.record(
          { actorUserId, action: 'config.set', target: key, before, after: checked.data },
          trx,
        );
      });
      sysConfig.forget(key);
      const [updated] = (await sysConfig.list(key)).filter((r) => r.key === key);
      return {
        key,
        value: checked.data,
        description: updated?.description ?? '',
        updatedAt: updated?.updatedAt ?? '',
      };
    },

    /** A manual balance change: always a ledger row (reason 人工调整 with the admin's note) and an audit entry. */
    async adjustBalance(
      actorUserId: number,
      input: { userId: number; deltaFen: number; reason: string },
    ): Promise<AdjustBalanceResult> {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', input.userId)
        .executeTakeFirst();
      if (!user) throw notFound('用户不存在');
      return db.transaction().execute(async (trx) => {
        const audited = await trx
          .insertInto('adminAuditLog')
          .values({
            actorUserId,
            action: 'user.balance',
            target: `user:${input.userId}`,
            before: null,
            after: null,
            createdAt: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const r = await applyDelta(trx, {
          userId: input.userId,
          account: 'balance',
          delta: input.deltaFen,
          reason: 'adjust',
          refType: 'admin',
          refId: String(actorUserId),
          idemKey: `admin-adjust:${audited.id}`,
          note: input.reason,
        });
        if (!r.applied) throw badRequest('余额不足，不能扣减到负数');
        await trx
          .updateTable('adminAuditLog')
          .set({
            before: JSON.stringify({ balanceFen: r.balanceAfter - input.deltaFen }),
            after: JSON.stringify({
              balanceFen: r.balanceAfter,
              deltaFen: input.deltaFen,
              reason: input.reason,
            }),
          })
          .where('id', '=', audited.id)
          .execute();
        return { balanceFen: r.balanceAfter, ledgerId: r.ledgerId };
      });
    },

    async setDisabled(actorUserId: number, userId: number, disabled: boolean): Promise<void> {
      if (userId === actorUserId && disabled) throw badRequest('不能停用自己的账户');
      const row = await db.selectFrom('users').select('disabled').where('id', '=', userId).executeTakeFirst();
      if (!row) throw notFound('用户不存在');
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ disabled: disabled ? 1 : 0 })
          .where('id', '=', userId)
          .execute();
        if (disabled) await trx.deleteFrom('authTokens').where('userId', '=', userId).execute();
        await audit.record(
          {
            actorUserId,
            action: disabled ? 'user.disable' : 'user.enable',
            target: `user:${userId}`,
            before: { disabled: row.disabled !== 0 },
            after: { disabled },
          },
          trx,
        );
      });
    },

    /** Sets a temporary password and ends the user's sessions; the audit entry never holds the password. */
    async resetPassword(actorUserId: number, userId: number, password: string): Promise<void> {
      const row = await db
        .selectFrom('users')
        .select('loginMethods')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row) throw notFound('用户不存在');
      const methods = new Set(row.loginMethods.split(',').filter(Boolean));
      methods.add('password');
      const passwordHash = await argonHash(password);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ passwordHash, loginMethods: [...methods].join(',') })
          .where('id', '=', userId)
          .execute();
        if (userId !== actorUserId) await trx.deleteFrom('authTokens').where('userId', '=', userId).execute();
        await audit.record(
          {
            actorUserId,
            action: 'user.password_reset',
            target: `user:${userId}`,
            after: { sessionsEnded: userId !== actorUserId },
          },
          trx,
        );
      });
    },
  };
}

export type AdminConsole = ReturnType<typeof createAdminConsole>;
