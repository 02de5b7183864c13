import type { Asker } from '../../compute/check-thread.ts';
import type { ShardAnswer } from '@paperdesk/plagiarism';
import type { ShardChannel } from '../../queue.ts';

/**
 * The coordinating side of a check over the shards (LIBRARY_SHARDS > 1): the check thread runs the engine's
 * rounds (ShardCoordinator), this process sends each round's request to its shard at once (a child job on each
 * shard's queue) and answers when all have come back, in shard order. When one has not answered in time the
 * ask fails, and with it the check's attempt (the job is retried, then failed and refunded by the records
 * kernel): never a report from part of the library.
 */
export function shardAsker(channel: ShardChannel): { shards: number; ask: Asker } {
  return {
    shards: channel.shards,
    ask: (round, signal) =>
      Promise.all(
        round.map((request, shard) =>
          request
            ? (channel.ask(shard, request.kind, request, signal) as Promise<ShardAnswer>)
            : Promise.resolve(undefined),
        ),
      ),
  };
}
