import type { Redis } from 'ioredis';
import { holdComputePool } from './compute/pool.ts';
import type { Config } from './config.ts';
import { type DbDialect, type Db, openDatabase } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createAccountSummary } from './services/account-summary.ts';
import { type Billing, createBilling } from './services/billing/index.ts';
import { createAccounts } from './services/accounts.ts';
import { createQrLogin } from './services/qr-login.ts';
import { createSysConfig } from './services/sys-config.ts';
import { createUploads, type Uploads } from './services/records/uploads.ts';
import { openRedis } from './integrations/redis.ts';
import { createLlm, type Llm } from './services/llm-usage.ts';
import { type Chat, createChat } from './services/chat/index.ts';
import { billingChatCharging } from './services/chat/charging.ts';
import { createQueue, type JobQueue } from './jobs/index.ts';
import { createShardChannel } from './jobs/shards.ts';
import { type CheckService, createCheckService } from './services/checks/index.ts';
import { createSlidesService, type SlidesService } from './services/slides/index.ts';
import { type AigcService, createAigcService } from './services/aigc/index.ts';
import { createRewriteService, type RewriteService } from './services/rewriting/index.ts';
import { createWritingService, type WritingService } from './services/writing/index.ts';
import { createReduceService, type ReduceService } from './services/reducing/index.ts';
import { type AdminConsole, createAdminConsole } from './services/admin/console.ts';
import { type AuditLog, createAuditLog } from './services/admin/audit.ts';
import { type AdminOperations, createAdminOperations } from './services/admin/operations.ts';
import { type AdminModels, createAdminModels } from './services/admin/models.ts';
import { type AdminPackages, createAdminPackages } from './services/admin/packages.ts';
import { type AdminUsers, createAdminUsers } from './services/admin/users.ts';

/** Everything a route or a job handler needs, built once per process. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: DbDialect;
  redis: Redis | null;
  jobs: JobQueue;
  sysConfig: ReturnType<typeof createSysConfig>;
  /** Files read by a word count, kept so the record is made without a second upload. */
  uploads: Uploads;
  accounts: ReturnType<typeof createAccounts>;
  qrLogin: ReturnType<typeof createQrLogin>;
  accountSummary: ReturnType<typeof createAccountSummary>;
  billing: Billing;
  checks: CheckService;
  aigc: AigcService;
  llm: Llm;
  chat: Chat;
  slides: SlidesService;
  rewriting: RewriteService;
  writing: WritingService;
  reducing: ReduceService;
  /** The admin console's actions and their audit log. */
  admin: {
    audit: AuditLog;
    console: AdminConsole;
    operations: AdminOperations;
    models: AdminModels;
    packages: AdminPackages;
    users: AdminUsers;
  };
  close(): Promise<void>;
}

/**
 * `publishFeatures` (default true): write the public `feature.*` entries from this process's configuration. Only
 * the serving process does: a command-line tool run with its own environment (user:create, library:import) would
 * otherwise tell every page a payment mode or model the server does not have.
 */
export async function createContext(
  config: Config,
  opts: { migrate?: boolean; publishFeatures?: boolean } = {},
): Promise<AppContext> {
  const { db, dialect } = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // document reads and AIGC detection run in the process's worker-thread pool, ended when the context closes
  const releaseCompute = holdComputePool();
  if (opts.migrate ?? true) await migrateToLatest(db);
  const redis = config.REDIS_URL ? openRedis(config.REDIS_URL) : null;
  const jobs = createQueue(config);
  // the library split over shard workers (issue 28): checks ask them, the system page reads their heartbeats
  const shards =
    config.REDIS_URL && config.LIBRARY_SHARDS > 1
      ? createShardChannel(config.REDIS_URL, {
          queueName: config.JOBS_QUEUE,
          shards: config.LIBRARY_SHARDS,
          timeoutMs: config.LIBRARY_SHARD_TIMEOUT_MS,
        })
      : null;
  const sysConfig = createSysConfig(db);
  const accounts = createAccounts(db);
  const qrLogin = createQrLogin({ db, config, accounts });
  const billing = createBilling({
    db,
    config,
    sysConfig,
    jobs,
    modelReady: () => (feature) => llm.available(feature),
  });
  await billing.seed();
  const publishes = opts.publishFeatures ?? true;
  if (publishes) await billing.publishFeatures();
  const checks = await createCheckService({ db, config, sysConfig, jobs, billing, shards });
  const aigc = await createAigcService({ db, config, sysConfig, jobs, billing, llm: () => llm });
  const llm = createLlm({ config, db, sysConfig });
  if (publishes) await llm.publishAvailability();
  const chat = await createChat({ db, sysConfig, llm, charging: billingChatCharging(billing) });
  const slides = await createSlidesService({ db, llm, billing, jobs, sysConfig });
  const rewriting = await createRewriteService({ db, sysConfig, jobs, billing, llm });
  const writing = await createWritingService({ db, sysConfig, jobs, billing, llm });
  const reducing = await createReduceService({ db, sysConfig, jobs, billing, llm, library: checks.library });
  const audit = createAuditLog(db);
  const adminConsole = createAdminConsole({
    db,
    sysConfig,
    library: checks.library,
    audit,
    dataDir: config.DATA_DIR,
    dialect,
  });
  const operations = createAdminOperations({
    db,
    dialect,
    dataDir: config.DATA_DIR,
    jobs,
    shards: shards && { channel: shards, heartbeatMs: config.LIBRARY_SHARD_HEARTBEAT_MS },
    retries: {
      check: checks.retryFailed,
      aigc: aigc.retryFailed,
      rewrite: rewriting.retryFailed,
      writing: writing.retryFailed,
      ppt: slides.retryFailed,
      reduce: reducing.retryFailed,
    },
    audit,
  });
  return {
    config,
    db,
    dialect,
    redis,
    jobs,
    sysConfig,
    uploads: createUploads(db),
    accounts,
    qrLogin,
    accountSummary: createAccountSummary(db, (userId) => billing.freeCheckStatus(userId)),
    billing,
    checks,
    aigc,
    llm,
    chat,
    slides,
    rewriting,
    writing,
    reducing,
    admin: {
      audit,
      console: adminConsole,
      operations,
      models: createAdminModels({ db, config, sysConfig, llm: () => llm, audit }),
      packages: createAdminPackages({ db, audit }),
      users: createAdminUsers({ db, billing, operations }),
    },
    async close() {
      await jobs.close();
      await checks.close();
      await shards?.close();
      await llm.close();
      await releaseCompute();
      await db.destroy();
      await redis?.quit();
    },
  };
}
