/**
 * A prepared statement is cached by its name (db/prepared.ts): two statements under one name
 * would run the first one's SQL for both. Every name in the API's sources is one statement's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
  );
}

it('gives each prepared statement a name of its own', () => {
  const seen = new Map<string, string[]>();
  for (const file of sources(SRC))
    for (const m of readFileSync(file, 'utf8').matchAll(/\bprepared(?:Sql)?\(\s*\w+,\s*'([^']+)'/g))
      seen.set(m[1]!, [...(seen.get(m[1]!) ?? []), path.relative(SRC, file)]);
  expect(seen.size).toBeGreaterThan(20);
  expect([...seen].filter(([, files]) => files.length > 1)).toEqual([]);
});
