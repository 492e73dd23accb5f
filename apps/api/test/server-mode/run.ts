/**
 * The API suite against a PostgreSQL server and Redis (the production mode), plus the
 * two-process tests. Runs when TEST_SERVER_DATABASE_URL and TEST_SERVER_REDIS_URL answer;
 * otherwise says why it is skipped, and with CI set fails instead (a CI run must not pass having
 * run nothing). The tests that start API processes start the compiled server: it is built first
 * when missing or older than the sources.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { buildApiIfStale } from '../support/child-server.ts';

const dbUrl = process.env.TEST_SERVER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_SERVER_REDIS_URL ?? 'redis://127.0.0.1:6379';
// one database per checkout (named after its path), so two checkouts run the suite side by side on
// one server without dropping each other's; TEST_SERVER_DB_NAME names it otherwise
const checkout = path.resolve(import.meta.dirname, '../../../..');
const testDb =
  process.env.TEST_SERVER_DB_NAME ?? `ekyc_test_${createHash('sha256').update(checkout).digest('hex').slice(0, 10)}`;
// the fault test terminates every connection of its database again and again: it has one of its
// own, so the files running beside it are not cut off
const faultsDb = `${testDb}_faults`;
// and so does the test that terminates every connection while requests are in flight
const failoverDb = `${testDb}_failover`;

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: dbUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    for (const db of [testDb, faultsDb, failoverDb]) {
      await client.query(`drop database if exists ${db} with (force)`);
      await client.query(`create database ${db}`);
    }
  } catch (err) {
    return `PostgreSQL at ${dbUrl.replace(/:[^:@/]+@/, ':***@')} is not usable: ${(err as Error).message}`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return `Redis at ${redisUrl} is not reachable: ${(err as Error).message}`;
  } finally {
    redis.disconnect();
  }
  return null;
}

const reason = await reachable();
if (reason) {
  if (process.env.CI) {
    console.error(`Server-mode suite cannot run (CI is set, so this fails): ${reason}`);
    process.exit(1);
  }
  console.log(`Server-mode suite skipped: ${reason}`);
  process.exit(0);
}
buildApiIfStale();
const databaseUrl = (name: string) => Object.assign(new URL(dbUrl), { pathname: `/${name}` }).toString();
console.log(`Server-mode suite: PostgreSQL database ${testDb} and Redis ${redisUrl}`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api-server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE_URL: databaseUrl(testDb),
    TEST_FAULTS_DATABASE_URL: databaseUrl(faultsDb),
    TEST_FAILOVER_DATABASE_URL: databaseUrl(failoverDb),
    TEST_REDIS_URL: redisUrl,
  },
});
process.exit(result.status ?? 1);
