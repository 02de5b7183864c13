import fs from 'node:fs';
import type {
  AdminFailedQuery,
  AdminOrder,
  AdminOrderQuery,
  FailedJob,
  Page,
  SystemStatus,
} from '@paperdesk/contracts';
import { sql } from 'kysely';
import type { Db, DbDialect } from '../../db/index.ts';
import { likeLiteral, selectPage } from '../../db/paging.ts';
import type { JobQueue, ShardChannel } from '../../queue.ts';
import { notFound } from '../../errors.ts';
import type { AuditLog } from './audit.ts';

/** The paid services' record tables and the column that names a record. */
const SERVICES = [
  { kind: 'check', table: 'checkRecords', title: 'title' },
  { kind: 'aigc', table: 'aigcRecords', title: 'title' },
  { kind: 'rewrite', table: 'rewriteRecords', title: 'title' },
  { kind: 'writing', table: 'writingRecords', title: 'title' },
  { kind: 'ppt', table: 'pptRecords', title: 'topic' },
  { kind: 'reduce', table: 'reduceRecords', title: 'title' },
] as const;

export type ServiceKindOfJobs = (typeof SERVICES)[number]['kind'];

/** Each service's operator retry (records/kernel.ts `retryFailed`): re-queue a failed record, no new charge. */
export type FailedRetries = Record<ServiceKindOfJobs, (id: number) => Promise<{ message: string }>>;

const CSV_MAX_ROWS = 50_000;

/** Read-only views for operators: every order (search, filter, CSV) and the work in the system. */
export function createAdminOperations(deps: {
  db: Db;
  dialect: DbDialect;
  dataDir: string;
  jobs: Pick<JobQueue, 'kind' | 'workers'>;
  /** The library's shards (LIBRARY_SHARDS > 1) and how often they report; null with one index per worker. */
  shards?: { channel: Pick<ShardChannel, 'shards' | 'heartbeats'>; heartbeatMs: number } | null;
  retries: FailedRetries;
  audit: AuditLog;
}) {
  const { db } = deps;

  const failedRows = (s: (typeof SERVICES)[number], limit: number, offset = 0) =>
    db
      .selectFrom(s.table)
      .select(['id', `${s.title} as title`, 'message', 'updatedAt'])
      .where('status', '=', 'failed')
      .orderBy('updatedAt', 'desc')
      .limit(limit)
      .offset(offset)
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          kind: s.kind,
          id: Number(r.id),
          title: String(r.title),
          message: r.message,
          updatedAt: r.updatedAt,
        })),
      );

  function orderQuery(q: Omit<AdminOrderQuery, 'pageNo' | 'pageSize'>) {
    let base = db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.userId');
    if (q.status) base = base.where('o.status', '=', q.status);
    if (q.kind) base = base.where('o.kind', '=', q.kind);
    if (q.userId) base = base.where('o.userId', '=', q.userId);
    if (q.keyword) {
      const pattern = `%${likeLiteral(q.keyword.toLowerCase())}%`;
      base = base.where((eb) =>
        eb.or([
          eb(sql<string>`lower(${sql.ref('o.orderNo')})`, 'like', sql<string>`${pattern} escape '\\'`),
          eb(sql<string>`lower(${sql.ref('u.username')})`, 'like', sql<string>`${pattern} escape '\\'`),
        ]),
      );
    }
    return base;
  }
  const columns = [
    'o.id',
    'o.orderNo',
    'o.userId',
    'u.username',
    'o.kind',
    'o.subject',
    'o.amountFen',
    'o.status',
    'o.provider',
    'o.createdAt',
    'o.paidAt',
    'o.refundedAt',
    'o.refundedFen',
  ] as const;
  type Row = {
    id: number;
    orderNo: string;
    userId: number;
    username: string;
    kind: string;
    subject: string;
    amountFen: number;
    status: string;
    provider: string;
    createdAt: string;
    paidAt: string | null;
    refundedAt: string | null;
    refundedFen: number;
  };
  const toOrder = (r: Row): AdminOrder => ({
    ...r,
    id: Number(r.id),
    userId: Number(r.userId),
    amountFen: Number(r.amountFen),
    refundedFen: Number(r.refundedFen),
  });

  /** One row per shard, every shard of the configuration: one that never reported or went quiet is down. */
  async function shardRows(): Promise<SystemStatus['shards']> {
    if (!deps.shards) return [];
    const { channel, heartbeatMs } = deps.shards;
    const beats = new Map((await channel.heartbeats()).map((h) => [h.shard, h]));
    const now = Date.now();
    return Array.from({ length: channel.shards }, (_, shard) => {
      const h = beats.get(shard);
      if (!h)
        return {
          shard,
          name: null,
          state: 'down',
          documents: 0,
          characters: 0,
          rssBytes: 0,
          updatedAt: null,
        };
      const quiet = now - Date.parse(h.updatedAt) > 3 * heartbeatMs;
      return { ...h, state: quiet ? 'down' : h.state };
    });
  }

  return {
    async order(id: number): Promise<AdminOrder> {
      const row = await db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.userId')
        .select(columns)
        .where('o.id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound('订单不存在');
      return toOrder(row);
    },

    async orders(q: AdminOrderQuery): Promise<Page<AdminOrder>> {
      const base = orderQuery(q);
      return selectPage(base.select(columns).orderBy('o.id', 'desc'), q, toOrder);
    },

    /** Orders matching the filter as CSV (UTF-8 with BOM so spreadsheet programs read the Chinese). */
    async ordersCsv(q: Omit<AdminOrderQuery, 'pageNo' | 'pageSize'>): Promise<string> {
      const rows = (
        await orderQuery(q).select(columns).orderBy('o.id', 'desc').limit(CSV_MAX_ROWS).execute()
      ).map(toOrder);
      const cell = (v: unknown) => {
        const s = v === null || v === undefined ? '' : String(v);
        // quote always; a leading = + - @ would be read as a formula by spreadsheet programs
        return `"${(/^[=+\-@]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
      };
      const head = [
        '订单号',
        '用户ID',
        '用户名',
        '类型',
        '内容',
        '金额（元）',
        '状态',
        '支付方式',
        '下单时间',
        '支付时间',
        '已退款（元）',
        '退款时间',
      ];
      const lines = rows.map((r) =>
        [
          r.orderNo,
          r.userId,
          r.username,
          r.kind,
          r.subject,
          (r.amountFen / 100).toFixed(2),
          r.status,
          r.provider,
          r.createdAt,
          r.paidAt,
          (r.refundedFen / 100).toFixed(2),
          r.refundedAt,
        ]
          .map(cell)
          .join(','),
      );
      return `\uFEFF${[head.map(cell).join(','), ...lines].join('\r\n')}\r\n`;
    },

    /** One service's failed records, newest first, with their errors. */
    async failed(q: AdminFailedQuery): Promise<Page<FailedJob>> {
      const s = SERVICES.find((x) => x.kind === q.kind)!;
      const { total } = await db
        .selectFrom(s.table)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('status', '=', 'failed')
        .executeTakeFirstOrThrow();
      const records = await failedRows(s, q.pageSize, (q.pageNo - 1) * q.pageSize);
      return { records, total: Number(total), pageNo: q.pageNo, pageSize: q.pageSize };
    },

    /** Re-run a failed record's job without charging again; audited with the error it had. */
    async retry(actorUserId: number, kind: ServiceKindOfJobs, id: number): Promise<void> {
      const r = await deps.retries[kind](id);
      await deps.audit.record({
        actorUserId,
        action: 'job.retry',
        target: `${kind}:${id}`,
        before: { status: 'failed', message: r.message },
        after: { status: 'queued', charged: false },
      });
    },

    async system(): Promise<SystemStatus> {
      const services = await Promise.all(
        SERVICES.map(async (s) => {
          const rows = await db
            .selectFrom(s.table)
            .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
            .groupBy('status')
            .execute();
          const n = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
          return {
            kind: s.kind,
            queued: n('queued'),
            running: n('running'),
            failed: n('failed'),
            done: n('done'),
          };
        }),
      );
      const failures = (await Promise.all(SERVICES.map((s) => failedRows(s, 20))))
        .flat()
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .slice(0, 20);
      const bytes =
        deps.dialect === 'postgres'
          ? Number(
              (await sql<{ n: string }>`select pg_database_size(current_database()) as n`.execute(db)).rows[0]
                ?.n ?? 0,
            )
          : Number(
              (
                await sql<{
                  n: number;
                }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`.execute(
                  db,
                )
              ).rows[0]?.n ?? 0,
            );
      // DATA_DIR may not exist yet on a PostgreSQL deployment that never saved an index
      const diskPath = fs.existsSync(deps.dataDir) ? deps.dataDir : process.cwd();
      const fsStat = fs.statfsSync(diskPath);
      return {
        jobs: deps.jobs.kind,
        workers: await deps.jobs.workers(),
        shards: await shardRows(),
        services,
        failures,
        database: { dialect: deps.dialect, bytes },
        disk: {
          path: diskPath,
          freeBytes: fsStat.bavail * fsStat.bsize,
          totalBytes: fsStat.blocks * fsStat.bsize,
        },
        process: {
          pid: process.pid,
          uptimeSeconds: Math.round(process.uptime()),
          rssBytes: process.memoryUsage().rss,
        },
      };
    },
  };
}

export type AdminOperations = ReturnType<typeof createAdminOperations>;
