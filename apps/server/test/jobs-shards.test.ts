import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createShardChannel, decodeMessage, encodeMessage } from '../src/jobs/shards.ts';
import type { ShardChannel } from '../src/queue.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('the shards on BullMQ (jobs/shards.ts)', () => {
  it('a message keeps its typed arrays, views of a larger buffer included, and the rest as JSON', () => {
    const big = new Uint32Array([9, 8, 7, 6, 5]);
    const message = {
      kind: 'seeds',
      hashes: big.subarray(1, 4),
      similarity: Float64Array.from([-1, 0.5, 1 / 3]),
      flags: Uint8Array.from([1, 3]),
      nested: [{ words: Uint32Array.from([4_000_000_000]) }],
      scope: { ownerKey: 'user:7', excludeDocIds: ['12'] },
    };
    const back = decodeMessage(encodeMessage(message)) as typeof message;
    expect(back.hashes).toBeInstanceOf(Uint32Array);
    expect([...back.hashes]).toEqual([8, 7, 6]);
    expect([...back.similarity]).toEqual([-1, 0.5, 1 / 3]);
    expect(back.flags).toBeInstanceOf(Uint8Array);
    expect([...back.nested[0]!.words]).toEqual([4_000_000_000]);
    expect(back.scope).toEqual(message.scope);
  });

  const tag = `test_shards_${randomBytes(4).toString('hex')}`;
  let channels: ShardChannel[] = [];
  afterEach(async () => {
    await Promise.all(channels.map((c) => c.close()));
    channels = [];
    const keys = execFileSync('redis-cli', ['-u', REDIS_URL, '--scan', '--pattern', `*${tag}*`], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
    if (keys.length) execFileSync('redis-cli', ['-u', REDIS_URL, 'del', ...keys]);
  });
  const open = (timeoutMs: number) => {
    const c = createShardChannel(REDIS_URL, { queueName: tag, shards: 2, timeoutMs });
    channels.push(c);
    return c;
  };

  it('a request reaches its shard only and comes back; a shard that does not answer fails the ask in time', async () => {
    const asker = open(1500);
    const shard0 = open(1500);
    await shard0.serve(0, async (op, request) => ({ op, got: request, from: 0 }));
    const answer = await asker.ask(0, 'status', { kind: 'status', n: Uint32Array.from([1, 2]) });
    expect(answer).toEqual({ op: 'status', got: { kind: 'status', n: Uint32Array.from([1, 2]) }, from: 0 });
    // nobody serves shard 1
    const started = Date.now();
    await expect(asker.ask(1, 'status', { kind: 'status' })).rejects.toThrow(
      /比对库分片 1 在 1500 ms 内未应答/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  }, 30_000);

  it('heartbeats are kept per shard and read back in shard order', async () => {
    const c = open(1000);
    const beat = (shard: number) => ({
      shard,
      name: `host:${shard}`,
      state: 'ready' as const,
      documents: shard,
      characters: 10 * shard,
      rssBytes: 1,
      updatedAt: new Date().toISOString(),
    });
    await c.beat(beat(1));
    await c.beat(beat(0));
    await c.beat({ ...beat(1), documents: 5 });
    expect((await c.heartbeats()).map((h) => [h.shard, h.documents])).toEqual([
      [0, 0],
      [1, 5],
    ]);
  });
});
