/**
 * The database takes every kind of client request the contracts name: the last migration that
 * writes the kind check lists them all (two kinds added side by side must not drop each other's).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_REQUEST_KINDS } from '@ekyc/contracts/service-requests';
import { expect, it } from 'vitest';

const DIR = path.join(import.meta.dirname, '../src/db/migrations');

it('the last service_requests_kind_check lists every kind of SERVICE_REQUEST_KINDS', () => {
  const last = readdirSync(DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => readFileSync(path.join(DIR, f), 'utf8'))
    .filter((sql) => sql.includes('add constraint service_requests_kind_check'))
    .at(-1)!;
  const listed = /check \(kind in \(([^)]*)\)\)/
    .exec(last)![1]!
    .match(/'([a-z_]+)'/g)!
    .map((k) => k.slice(1, -1));
  expect([...listed].sort()).toEqual([...SERVICE_REQUEST_KINDS].sort());
});
