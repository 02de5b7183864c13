import { loadConfig, paymentStartupProblem } from './config.ts';

/**
 * Commands: `serve` (API + in-process workers, the embedded default), `worker` (job workers only,
 * for scale-out, needs REDIS_URL; `worker --shard i` keeps shard i of the library when LIBRARY_SHARDS > 1), `migrate`, `user:create --username U --password P [--admin]`,
 * `library:import <path>`, `library:seed`, `backup [folder]`, `restore <folder>` (embedded mode).
 */
async function main() {
  const [command = 'serve', ...rest] = process.argv.slice(2);
  const config = loadConfig();
  switch (command) {
    case 'serve':
      return serve(config);
    case 'worker':
      return rest[0] === '--shard' ? shardWorker(config, rest[1]) : worker(config);
    case 'migrate': {
      const { openDatabase } = await import('./db/index.ts');
      const { migrateToLatest } = await import('./db/migrate.ts');
      const { db } = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
      const applied = await migrateToLatest(db);
      console.log(applied.length ? `已应用迁移: ${applied.join(', ')}` : '数据库已是最新');
      await db.destroy();
      return;
    }
    case 'user:create': {
      const { runUserCreate } = await import('./user-create-cli.ts');
      return runUserCreate(config, rest);
    }
    case 'library:import': {
      const { runLibraryImport } = await import('./library-import-cli.ts');
      return runLibraryImport(config, rest);
    }
    case 'library:seed': {
      const { runLibrarySeed } = await import('./library-import-cli.ts');
      return runLibrarySeed(config);
    }
    case 'backup':
    case 'restore': {
      const { runBackup, runRestore } = await import('./backup-cli.ts');
      return command === 'backup' ? runBackup(config, rest) : runRestore(config, rest);
    }
    default:
      console.error(
        `未知命令: ${command}（可用: serve, worker, migrate, user:create, library:import, library:seed, backup, restore）`,
      );
      process.exitCode = 2;
  }
}

async function serve(config: ReturnType<typeof loadConfig>) {
  const refusal = paymentStartupProblem(config);
  if (refusal) throw new Error(refusal);
  // each command loads only what it runs (the CLI commands answer a usage error at once)
  const { createContext } = await import('./context.ts');
  const { buildApp } = await import('./http/app.ts');
  const { seedOnFirstRun } = await import('./services/checks/seed.ts');
  const ctx = await createContext(config);
  const app = await buildApp(ctx);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, '正在关闭');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await ctx.close();
    clearTimeout(timer);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.HOST, port: config.PORT });
  const payments = [...ctx.billing.providers.values()];
  if (payments.some((p) => p.sandbox))
    app.log.warn('测试支付已开启（PAY_SANDBOX）：未配置真实支付渠道，付款为模拟，不会扣款');
  else if (!payments.length)
    app.log.warn('未配置支付渠道（PAY_SANDBOX=false）：在线支付未开放，用户无法下单');
  // Embedded default: the API process also runs the jobs. Scale-out sets JOBS_IN_PROCESS=false.
  if (config.JOBS_IN_PROCESS) {
    await ctx.jobs.startWorkers();
    void ctx.checks.library
      .loadSavedIndex()
      .catch((err: unknown) => app.log.error({ err }, '比对库索引载入失败'));
  }
  if (config.LIBRARY_SEED === 'auto') {
    // in the background: the server answers at once, checks see the seed as soon as it is stored
    void seedOnFirstRun(ctx.checks.library, ctx.sysConfig).then(
      (r) =>
        r &&
        app.log.info(
          `首次启动：已导入内置种子比对库 ${r.added} 篇（跳过 ${r.skipped} 篇，${(r.elapsedMs / 1000).toFixed(1)} 秒）`,
        ),
      (err: unknown) => app.log.error({ err }, '导入内置种子比对库失败'),
    );
  }
}

async function worker(config: ReturnType<typeof loadConfig>) {
  if (!config.REDIS_URL) throw new Error('worker 需要 REDIS_URL（嵌入式模式下任务由 serve 进程执行）');
  const { createContext } = await import('./context.ts');
  // pages read the public feature entries the API processes write
  const ctx = await createContext(config, { publishFeatures: false });
  await ctx.jobs.startWorkers();
  console.log('任务处理进程已启动');
  const stop = async () => {
    await ctx.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

async function shardWorker(config: ReturnType<typeof loadConfig>, arg: string | undefined) {
  const shard = Number(arg);
  const K = config.LIBRARY_SHARDS;
  if (!config.REDIS_URL) throw new Error('分片进程需要 REDIS_URL');
  if (K < 2) throw new Error('分片进程需要 LIBRARY_SHARDS ≥ 2（LIBRARY_SHARDS=1 时每个 worker 各持整库）');
  if (!Number.isInteger(shard) || shard < 0 || shard >= K)
    throw new Error(`用法: worker --shard i（i 为 0 到 ${K - 1}）`);
  // a shard holds its part of the library and nothing else: no job queue, services or compute pool
  const { openDatabase } = await import('./db/index.ts');
  const { migrateToLatest } = await import('./db/migrate.ts');
  const { createLibrary } = await import('./services/checks/library.ts');
  const { runShard } = await import('./services/checks/shard.ts');
  const { createShardChannel } = await import('./jobs/shards.ts');
  const { db } = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrateToLatest(db);
  const log = (msg: string) => config.LOG_LEVEL !== 'silent' && console.log(msg);
  const library = createLibrary({ db, dataDir: config.DATA_DIR, log, shard: { index: shard, count: K } });
  const channel = createShardChannel(config.REDIS_URL, {
    queueName: config.JOBS_QUEUE,
    shards: K,
    timeoutMs: config.LIBRARY_SHARD_TIMEOUT_MS,
  });
  const running = await runShard({
    library,
    channel,
    shard,
    heartbeatMs: config.LIBRARY_SHARD_HEARTBEAT_MS,
    log,
  });
  const stop = async () => {
    await running.stop();
    await channel.close();
    await library.close();
    await db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
