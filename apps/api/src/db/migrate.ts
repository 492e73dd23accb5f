/**
 * Plain SQL migrations in db/migrations, applied in file-name order, each once, each in a
 * transaction. An advisory lock lets several processes start at once against one server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const LOCK_ID = 7_310_110;

export async function migrate(database: Database): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await database.runScript(`
    create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now());
    select pg_advisory_lock(${LOCK_ID});`);
  try {
    const done = await listApplied(database);
    for (const file of files) {
      if (done.has(file)) continue;
      const body = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      const name = file.replace(/'/g, "''");
      await database.runScript(`begin;\n${body}\n;insert into schema_migrations(name) values ('${name}');\ncommit;`);
      applied.push(file);
    }
  } catch (err) {
    await database.runScript('rollback;').catch(() => undefined);
    throw err;
  } finally {
    await database.runScript(`select pg_advisory_unlock(${LOCK_ID});`);
  }
  return applied;
}

async function listApplied(database: Database): Promise<Set<string>> {
  const { sql } = await import('drizzle-orm');
  const rows = await database.db.execute<{ name: string }>(sql`select name from schema_migrations`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: { name: string }[] }).rows;
  return new Set(list.map((r) => r.name));
}
