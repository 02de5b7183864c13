import { Redis } from 'ioredis';

/** One Redis connection per process for rate limits; BullMQ opens its own. */
export function openRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 3, enableOfflineQueue: true, lazyConnect: false });
}
