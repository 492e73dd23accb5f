/**
 * The embedded database's maintenance pass does what PostgreSQL's autovacuum would: a table past
 * its thresholds is vacuumed and analysed (the planner then knows its rows), one only modified
 * enough is analysed, and a table left alone since is not touched again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { maintainEmbedded } from '../src/db/embedded-maintenance.ts';
import { migratedPglite } from './support/pglite-template.ts';

describe("the embedded database's maintenance pass", () => {
  let database: Database;
  beforeAll(async () => {
    database = await migratedPglite();
  });
  afterAll(() => database.close());

  /** The activity counters as the next statement sees them (they are otherwise flushed once a second). */
  const flushed = () => database.query('select pg_stat_force_next_flush()').then(() => database.query('select 1'));
  const stats = async (table: string) =>
    (
      await database.query(
        `select s.last_vacuum, s.last_analyze, c.reltuples
           from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
        [table],
      )
    ).rows[0] as { last_vacuum: Date | null; last_analyze: Date | null; reltuples: number };

  it('vacuums a table with many dead rows, analyses one with many changes, and then leaves both', async () => {
    await database.query(`
      create table churned (id int primary key, v text);
      insert into churned select g, md5(g::text) from generate_series(1, 1000) g;
      create table grown (id int primary key, v text);
      create table quiet (id int primary key);
      insert into quiet values (1);`);
    await maintainEmbedded(database);
    await flushed();
    // the rows of one replaced (dead rows past 50 + 20 %), the other only filled (changes past 50 + 10 %)
    await database.query(`
      update churned set v = v || '.' where id <= 400;
      insert into grown select g, md5(g::text) from generate_series(1, 500) g;`);
    await flushed();
    expect(await stats('grown')).toMatchObject({ last_analyze: null, reltuples: -1 });

    const done = await maintainEmbedded(database);
    expect(done).toEqual(
      expect.arrayContaining([
        { table: 'public.churned', vacuum: true },
        { table: 'public.grown', vacuum: false },
      ]),
    );
    expect(done.map((d) => d.table)).not.toContain('public.quiet');
    expect(await stats('churned')).toMatchObject({ last_vacuum: expect.any(Date), reltuples: 1000 });
    expect(await stats('grown')).toMatchObject({ last_vacuum: null, last_analyze: expect.any(Date), reltuples: 500 });

    // left alone since: neither is due again
    await flushed();
    expect((await maintainEmbedded(database)).map((d) => d.table)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^public\.(churned|grown)$/)]),
    );
  });
});
