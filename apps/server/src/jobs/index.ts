import type { Config } from '../config.ts';
import { createBullQueue } from './bullmq.ts';
import { createLocalQueue } from './local.ts';
import type { JobQueue } from '../queue.ts';

export type { JobQueue } from '../queue.ts';

/** In-process by default; BullMQ on Redis when REDIS_URL is set. */
export function createQueue(config: Config): JobQueue {
  return config.REDIS_URL
    ? createBullQueue(config.REDIS_URL, { queueName: config.JOBS_QUEUE })
    : createLocalQueue();
}
