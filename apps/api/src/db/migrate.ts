/**
 * Plain SQL migrations in db/migrations, applied in file-name order, each once, each in a
 * transaction. An advisory lock lets several processes start at once against one server: it is
 * taken before anything else (even the bookkeeping table's creation) and held, with every
 * statement it guards, on one connection.
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
  return database.withSession(async (script) => {
    await script(`select pg_advisory_lock(${LOCK_ID})`);
    const applied: string[] = [];
    try {
      await script(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const rows = (await script('select name from schema_migrations')) as { name: string }[];
      const done = new Set(rows.map((r) => r.name));
      for (const file of files) {
        if (done.has(file)) continue;
        const body = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
        const name = file.replace(/'/g, "''");
        await script(`begin;\n${body}\n;insert into schema_migrations(name) values ('${name}');\ncommit;`);
        applied.push(file);
      }
    } catch (err) {
      await script('rollback').catch(() => undefined);
      throw err;
    } finally {
      await script(`select pg_advisory_unlock(${LOCK_ID})`).catch(() => undefined);
    }
    return applied;
  });
}
