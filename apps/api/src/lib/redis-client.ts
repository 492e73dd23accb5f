/**
 * A Redis client (ioredis), the library loaded when the first client is made: a process without
 * REDIS_URL (the embedded default) never holds it (some 20 MB resident).
 */
import { createRequire } from 'node:module';
import type { Redis, RedisOptions } from 'ioredis';

const require = createRequire(import.meta.url);

export function redisClient(url: string, options: RedisOptions): Redis {
  const { Redis: Client } = require('ioredis') as typeof import('ioredis');
  return new Client(url, options);
}
