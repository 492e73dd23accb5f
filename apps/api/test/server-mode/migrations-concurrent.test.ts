/**
 * Several processes starting at once against an empty PostgreSQL database: one applies the
 * migrations, the others wait for it and apply nothing, none fails, and the lock is gone after.
 * (Four pools stand in for four processes: each is its own set of connections.)
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

const DB = process.env.TEST_DATABASE_URL;

describe.runIf(DB)('migrations started by several processes at once', () => {
  const name = `ekyc_migrate_${process.pid}`;
  const admin = () => new pg.Client({ connectionString: DB });
  const url = () => Object.assign(new URL(DB!), { pathname: `/${name}` }).toString();
  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
    await c.end();
  });
  afterAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });

  it('applies each migration once, and every start succeeds', async () => {
    const databases = await Promise.all(
      [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: url(), dataDir: '', inMemory: false, databasePoolMax: 3 })),
    );
    try {
      const applied = await Promise.all(databases.map((d) => migrate(d)));
      const counts = applied.map((a) => a.length).sort((a, b) => b - a);
      expect(counts[0]).toBeGreaterThan(10);
      expect(counts.slice(1)).toEqual([0, 0, 0]);
      // this database's advisory locks only: other test files on the same server hold their own
      const locks = await databases[0]!.query(
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
      );
      expect(locks.rows).toEqual([{ n: 0 }]);
      expect(await migrate(databases[1]!)).toEqual([]);
    } finally {
      await Promise.all(databases.map((d) => d.close()));
    }
  });
});
