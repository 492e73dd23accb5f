/**
 * PostgreSQL through Drizzle: PGlite (PostgreSQL in WebAssembly) embedded under DATA_DIR by
 * default, a server pool when DATABASE_URL is set. Both expose the same query builder.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../config.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations). */
  runScript(sql: string): Promise<void>;
  /** A cheap round trip for readiness, failing within timeoutMs. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'inMemory' | 'databasePoolMax'>,
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
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
    // the pool drops the dead client on release and opens a new one for the next request.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    return {
      db: drizzlePg(pool) as unknown as Db,
      kind: 'postgres',
      runScript: async (sql) => void (await pool.query(sql)),
      ping: (timeoutMs = 1000) =>
        withTimeout(
          pool.query('select 1').then(() => true),
          timeoutMs,
        ),
      close: () => pool.end(),
    };
  }
  let dir: string | undefined;
  if (!config.inMemory) {
    dir = path.join(config.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create(dir);
  return {
    db: drizzlePglite(client) as unknown as Db,
    kind: 'pglite',
    runScript: async (sql) => void (await client.exec(sql)),
    ping: (timeoutMs = 1000) =>
      withTimeout(
        client.query('select 1').then(() => true),
        timeoutMs,
      ),
    close: () => client.close(),
  };
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
