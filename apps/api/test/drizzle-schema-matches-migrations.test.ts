/**
 * The Drizzle table definitions (db/schema) describe the database the SQL migrations build: for
 * every table the code queries through Drizzle, each column exists with the same type and the same
 * nullability. A column added to one and not the other fails here, not at run time.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import * as assistedKyc from '../src/db/schema/assisted-kyc.ts';
import * as backoffice from '../src/db/schema/backoffice.ts';
import * as bank from '../src/db/schema/bank.ts';
import * as core from '../src/db/schema/core.ts';
import * as esign from '../src/db/schema/esign.ts';
import * as fileWrites from '../src/db/schema/file-writes.ts';
import * as idempotency from '../src/db/schema/idempotency.ts';
import * as pan from '../src/db/schema/pan.ts';
import * as privacy from '../src/db/schema/privacy.ts';
import * as profiling from '../src/db/schema/profiling.ts';
import * as sandbox from '../src/db/schema/sandbox.ts';
import * as segment from '../src/db/schema/segment.ts';
import { migratedPglite } from './support/pglite-template.ts';

const tables = [
  assistedKyc,
  backoffice,
  bank,
  core,
  esign,
  fileWrites,
  idempotency,
  pan,
  privacy,
  profiling,
  sandbox,
  segment,
]
  .flatMap((m) => Object.values(m))
  .filter((v): v is PgTable => is(v, PgTable));

/** information_schema's names for the types Drizzle writes. */
const normalise = (t: string) =>
  t
    .toLowerCase()
    .replace(/^timestamp(\(\d\))? with time zone$/, 'timestamp with time zone')
    .replace(/^(bigserial)$/, 'bigint')
    .replace(/^serial$/, 'integer')
    .replace(/^varchar(\(\d+\))?$/, 'character varying')
    .replace(/^text\[\]$/, 'array');

let database: Database;
beforeAll(async () => {
  database = await migratedPglite();
});
afterAll(() => database.close());

it('finds every table of the code', () => {
  expect(tables.length).toBeGreaterThanOrEqual(20);
});

it('has every column of every Drizzle table, with its type and nullability', async () => {
  const { rows } = (await database.query(
    `select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public'`,
  )) as { rows: { table_name: string; column_name: string; data_type: string; is_nullable: 'YES' | 'NO' }[] };
  const actual = new Map(rows.map((r) => [`${r.table_name}.${r.column_name}`, r]));
  const problems: string[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    for (const column of config.columns) {
      const key = `${config.name}.${column.name}`;
      const found = actual.get(key);
      if (!found) {
        problems.push(`${key}: in the Drizzle schema, not in the migrations`);
        continue;
      }
      const want = normalise(column.getSQLType());
      if (want !== found.data_type.toLowerCase()) problems.push(`${key}: Drizzle ${want}, database ${found.data_type}`);
      const nullable = found.is_nullable === 'YES';
      // a primary key column is not null even where Drizzle leaves notNull unset
      if (!column.primary && column.notNull === nullable)
        problems.push(
          `${key}: Drizzle ${column.notNull ? 'not null' : 'nullable'}, database ${nullable ? 'nullable' : 'not null'}`,
        );
    }
  }
  expect(problems).toEqual([]);
});
