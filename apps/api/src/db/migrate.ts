/**
 * Plain SQL migrations in db/migrations, applied in file-name order, each once, each in a
 * transaction. An advisory lock lets several processes start at once against one server: it is
 * taken before anything else (even the bookkeeping table's creation) and held, with every
 * statement it guards, on one connection.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { runModuleProcess } from '../lib/module-worker.ts';
import { type Database, embeddedDirectory, openEmbedded } from './client.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
const LOCK_ID = 7_310_110;

const migrationFiles = () =>
  readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();

export async function migrate(database: Database): Promise<string[]> {
  const files = migrationFiles();
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

/** How many migration files the database has not applied yet (all of them before the first: no table yet). */
export async function pendingMigrations(database: Database): Promise<number> {
  const { rows } = await database.query('select name from schema_migrations').catch(() => ({ rows: [] }));
  const done = new Set((rows as { name: string }[]).map((r) => r.name));
  return migrationFiles().filter((f) => !done.has(f)).length;
}

/**
 * The embedded database on disk, created and migrated first when it needs to be. That work runs
 * in a child process: PGlite's WebAssembly memory keeps its high-water mark for good, and initdb
 * and the migrations raise it far above what serving needs (a worker thread would leave the C
 * library's freed memory behind). A start with nothing to do opens the database once, here.
 */
export async function openMigratedEmbedded(config: Pick<Config, 'dataDir'>): Promise<Database> {
  if (existsSync(path.join(embeddedDirectory(config.dataDir), 'PG_VERSION'))) {
    const database = await openEmbedded(config.dataDir);
    if ((await pendingMigrations(database)) === 0) return database;
    await database.close();
  }
  await runModuleProcess(import.meta.url, 'migrate-child', [config.dataDir]);
  return openEmbedded(config.dataDir);
}
