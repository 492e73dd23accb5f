/**
 * Named prepared statements for the queries every request runs: the SQL is built once per
 * database (not on every call) and PostgreSQL parses and plans it once per connection.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

const built = new WeakMap<object, Map<string, unknown>>();

/** The statement `name` on `tx`: cached for the database itself, built afresh inside a transaction. */
export function prepared<T>(tx: Tx, name: string, build: (db: Db, name: string) => T): T {
  if (tx instanceof PgTransaction) return build(tx as unknown as Db, name);
  let statements = built.get(tx);
  if (!statements) built.set(tx, (statements = new Map()));
  if (!statements.has(name)) statements.set(name, build(tx, name));
  return statements.get(name) as T;
}
