import os from 'node:os';
import type { ShardRequest } from '@paperdesk/plagiarism';
import type { ShardChannel, ShardHeartbeat } from '../../queue.ts';
import type { Library } from './library.ts';

const KINDS: readonly string[] = [
  'status',
  'seeds',
  'documents',
  'wordStats',
  'sentences',
] satisfies ShardRequest['kind'][];

/**
 * A shard worker (`worker --shard i`, LIBRARY_SHARDS > 1): keeps the index of its part of the library (loaded
 * from its folder or built from the database), answers the sharded checks' requests once it is ready, follows
 * the database's adds and deletes of its part every `heartbeatMs`, and reports its state as often.
 */
export async function runShard(deps: {
  library: Library;
  channel: ShardChannel;
  shard: number;
  heartbeatMs: number;
  log: (msg: string) => void;
}): Promise<{ stop(): Promise<void> }> {
  const { library, channel, shard, log } = deps;
  const name = `${os.hostname()}:${process.pid}`;
  let beating: Promise<void> = Promise.resolve();

  async function beat(): Promise<void> {
    const { documents, characters } = await library.indexStats();
    const state = library.state();
    const heartbeat: ShardHeartbeat = {
      shard,
      name,
      // before the first load starts it is loading as far as anyone waiting on it can tell
      state: state === 'idle' ? 'loading' : state,
      documents,
      characters,
      rssBytes: process.memoryUsage().rss,
      updatedAt: new Date().toISOString(),
    };
    await channel.beat(heartbeat);
  }
  const tick = () => {
    beating = beating
      .then(async () => {
        // follow the database (new documents of this shard, deletions) while nothing asks
        if (library.state() === 'ready') await library.sync();
        await beat();
      })
      .catch((err: unknown) =>
        log(`比对库分片 ${shard} 心跳失败：${err instanceof Error ? err.message : String(err)}`),
      );
  };
  tick();
  const timer = setInterval(tick, deps.heartbeatMs);

  await library.ensureReady();
  await channel.serve(shard, async (op, request) => {
    // the job's name is the request's kind; the body is the engine's request as the coordinator sent it
    if (!KINDS.includes(op) || (request as { kind?: unknown } | null)?.kind !== op)
      throw new Error(`比对库分片不认识的请求: ${op}`);
    return library.answerShard(request as ShardRequest);
  });
  tick();
  log(`比对库分片 ${shard}/${channel.shards} 已就绪`);

  return {
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}
