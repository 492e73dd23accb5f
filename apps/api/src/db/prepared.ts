/**
 * Named prepared statements for the queries every request runs: the SQL is built once per
 * database (not on every call, nor in every transaction) and PostgreSQL parses and plans it once
 * per connection. A statement runs on the connection of whoever asks: the pool, or the transaction.
 */
import type { Db, Tx } from './client.ts';

/** What drizzle's databases and transactions hold: the dialect they share, the session they run on. */
interface Runner {
  dialect: object;
  session: { client: unknown };
}

const built = new WeakMap<object, Map<string, object>>();

/**
 * The statement `name`, built once for the database (keyed by its dialect, which its transactions
 * share) and bound to `tx`'s connection: drizzle's prepared query runs on its `client`, so the bound
 * copy is the cached statement with the transaction's client in front of it.
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
