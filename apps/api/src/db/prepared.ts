/**
 * Named prepared statements for the queries every request runs: the SQL is built once per
 * database (not on every call, nor in every transaction) and PostgreSQL parses and plans it once
 * per connection. A statement runs on the connection of whoever asks: the pool, or the transaction.
 */
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';
import { rowsOf } from './raw.ts';

/** What drizzle's databases and transactions hold: the dialect they share, the session they run on. */
interface Runner {
  dialect: { sqlToQuery(sql: SQL): { sql: string; params: unknown[] } };
  session: {
    client: unknown;
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: false,
    ): { execute(values: Record<string, unknown>): Promise<unknown> };
  };
}

const built = new WeakMap<object, Map<string, object>>();

/**
 * The statement `name`, built once for the database (keyed by its dialect, which its transactions
 * share) and bound to `tx`'s connection: drizzle's prepared query runs on its `client`, so the bound
 * copy is the cached statement with the transaction's client in front of it. A name is one
 * statement's alone (test/db-prepared-names.test.ts keeps them apart).
 */
export function prepared<T extends object>(tx: Tx, name: string, build: (db: Db, name: string) => T): T {
  const { dialect, session } = tx as unknown as Runner;
  let statements = built.get(dialect);
  if (!statements) built.set(dialect, (statements = new Map()));
  let statement = statements.get(name) as T | undefined;
  if (!statement) statements.set(name, (statement = build(tx as unknown as Db, name)));
  const bound = Object.create(statement) as T & { client: unknown };
  bound.client = session.client;
  return bound;
}

/**
 * Raw SQL (upserts, CTEs, functions, aggregates) as a named prepared statement: `build` gives the
 * text with `sql.placeholder`s, built once; each run fills them from `values`. Rows come as
 * `tx.execute` answers them (timestamps as PostgreSQL's text).
 */
export async function preparedSql<T>(
  tx: Tx,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<T[]> {
  const statement = prepared(tx, name, (db) => {
    const { dialect, session } = db as unknown as Runner;
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
  });
  return rowsOf<T>(await statement.execute(values));
}
