/**
 * PostgreSQL through Drizzle and node-postgres: PGlite (PostgreSQL in WebAssembly) embedded under
 * DATA_DIR by default, a server pool when DATABASE_URL is set. Both expose the same query builder.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';
import { PgliteConnection } from './pglite-connection.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` on one connection held for its whole length (migrations: a session's advisory
   * lock and the statements it guards must share a connection). `script` runs a multi-statement
   * SQL script and answers the last statement's rows.
   */
  withSession<T>(work: (script: (sql: string) => Promise<unknown[]>) => Promise<T>): Promise<T>;
  /**
   * Plain SQL with positional parameters, or a multi-statement script without any: the job
   * queue's own queries (pg-boss takes this as its database).
   */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** A cheap round trip for readiness, failing within timeoutMs. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The embedded database's memory, set for a laptop: PostgreSQL's defaults (128 MB of shared
 * buffers, 64 MB for maintenance) live inside PGlite's WebAssembly memory, which grows to its
 * high-water mark and never shrinks. One connection and a small database need far less; PGlite
 * reads its files through Node, so the operating system's page cache still holds the rest.
 */
const PGLITE_MEMORY = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=2MB',
  '-c',
  'work_mem=2MB',
  // a new WAL segment is not written full of zeros first: in memory (the tests' databases) a file
  // grows an eighth at a time, copied whole each time, so 16 MB of zeros cost some twenty copies
  '-c',
  'wal_init_zero=off',
];
/** PGlite's start parameters with the memory above: the embedded default's and the tests' databases. */
export const pgliteStartParams = [...PGlite.defaultStartParams, ...PGLITE_MEMORY];

/** Where the embedded database keeps its files under DATA_DIR. */
export const embeddedDirectory = (dataDir: string) => path.join(dataDir, 'pgdata');

/**
 * The database as a provider holds it: providers are chosen, and their settings checked, before the
 * database is opened (or created and migrated), so a start that cannot serve stops at once.
 */
export type DatabaseRef = () => Database;

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'inMemory' | 'databasePoolMax'>,
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new ResilientPool({
      connectionString: config.databaseUrl,
      max: config.databasePoolMax,
      connectionTimeoutMillis: 1000,
      query_timeout: 10_000,
      idleTimeoutMillis: 30000,
    });
    // A client losing its server (a restart, a failover, pg_terminate_backend) must not crash the
    // process. The pool handles idle clients ('error' on the pool); a checked-out client (inside a
    // transaction) emits 'error' on itself, so every client gets a listener when it connects. The
    // query in flight rejects (the request answers 503), PostgreSQL rolls the transaction back, and
    // the pool drops the dead client on release and opens a new one for the next request (a client
    // whose connection ends while checked out is given back at once: see ResilientPool).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    return poolDatabase(pool, 'postgres');
  }
  return openEmbedded(config.inMemory ? undefined : config.dataDir);
}

/** The Database over a node-postgres pool: a server's, or PGlite's single connection. */
function poolDatabase(pool: pg.Pool, kind: Database['kind']): Database {
  return {
    db: drizzlePg(pool) as unknown as Db,
    kind,
    withSession: async (work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        return await work(async (sql) => {
          try {
            const res = (await client.query(sql)) as pg.QueryResult | pg.QueryResult[];
            return (Array.isArray(res) ? res.at(-1) : res)?.rows ?? [];
          } catch (err) {
            // a connection that failed mid-script goes away (with its locks), not back to the pool
            if (!(err instanceof pg.DatabaseError)) broken = err as Error;
            throw err;
          }
        });
      } finally {
        client.release(broken);
      }
    },
    query: async (text, values) => {
      const res = await pool.query(text, values as unknown[] | undefined);
      // a multi-statement script answers one result per statement: the last one is the answer
      const last = Array.isArray(res) ? (res as pg.QueryResult[]).at(-1) : res;
      return { rows: last?.rows ?? [] };
    },
    ping: (timeoutMs = 1000) =>
      withTimeout(
        pool.query('select 1').then(() => true),
        timeoutMs,
      ),
    close: () => pool.end(),
  };
}

/** The embedded database under `dataDir` (created there when missing), or in memory without one. */
export async function openEmbedded(dataDir: string | undefined): Promise<Database> {
  const dir = dataDir === undefined ? undefined : embeddedDirectory(dataDir);
  if (dir) mkdirSync(dir, { recursive: true });
  return pgliteDatabase(await PGlite.create(dir, { startParams: pgliteStartParams }));
}

/**
 * The Database over one PGlite instance (embedded default; tests load a migrated template), driven
 * through node-postgres as a server is (pglite-connection.ts): one connection (PGlite has one
 * session), the same type parsing, and prepared statements parsed and planned once per database
 * (PGlite's own `query` parses and plans every statement again, in six protocol calls).
 */
export function pgliteDatabase(client: PGlite): Database {
  const pool = new pg.Pool({ connection: new PgliteConnection(client), max: 1, idleTimeoutMillis: 0 } as pg.PoolConfig);
  const database = poolDatabase(pool, 'pglite');
  return {
    ...database,
    close: async () => {
      await database.close();
      await client.close();
    },
  };
}

/**
 * A pool whose checked-out clients go back to it when their connection ends. Drizzle's
 * transaction sends `begin` before its try/finally: a connection terminated at that moment would
 * otherwise keep its pool slot for ever (the pool shrinks until requests time out and shutdown
 * waits on it). Release is made idempotent so the caller's own release afterwards is harmless.
 */
class ResilientPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Parameters<pg.Pool['connect']>[0] & object): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | void {
    // the callback form is the pool's own (pool.query), which releases with the error itself
    if (callback) return super.connect(callback);
    return super.connect().then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const giveBack = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('end', onEnd);
        release(err);
      };
      const onEnd = () => giveBack(new Error('connection ended'));
      client.once('end', onEnd);
      client.release = giveBack;
      return client;
    });
  }
}

async function withTimeout(p: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([p.catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
