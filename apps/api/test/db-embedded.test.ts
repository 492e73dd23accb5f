/**
 * The embedded database is driven as a server is: Drizzle's queries get the text PostgreSQL wrote
 * for dates, timestamps and intervals, the raw queries (the job queue's, migrations) get dates as
 * node-postgres gives them, and a prepared statement is parsed once and kept by the session.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { date, integer, interval, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { expect, it, vi } from 'vitest';
import { pgliteDatabase, pgliteStartParams } from '../src/db/client.ts';
import { rowsOf } from '../src/db/raw.ts';

const events = pgTable('events', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  local: timestamp('local', { mode: 'string' }).notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
});

it('gives Drizzle the written text and raw queries dates, in and out of transactions, and keeps prepared statements', async () => {
  const client = await PGlite.create({ startParams: pgliteStartParams });
  const database = pgliteDatabase(client);
  await database.query(
    'create table events (id integer primary key, at timestamptz not null, local timestamp not null, day date not null, span interval not null)',
  );
  const at = new Date('2026-11-28T04:30:00.123Z');
  const { db } = database;
  await db.insert(events).values({ id: 1, at, local: '2026-11-28 10:00:00.5', day: '2026-11-28', span: '2 days' });
  const expected = { id: 1, at, local: '2026-11-28 10:00:00.5', day: '2026-11-28', span: '2 days' };
  expect(await db.select().from(events).where(eq(events.id, 1))).toEqual([expected]);
  expect(await db.transaction((tx) => tx.select().from(events))).toEqual([expected]);
  // Drizzle's raw SQL: the text, as Drizzle's node-postgres session gives it
  expect(rowsOf(await db.execute(sql`select at, day from events`))).toEqual([
    { at: '2026-11-28 04:30:00.123+00', day: '2026-11-28' },
  ]);
  // a named statement is parsed once and answers again from the session's prepared statement
  const byId = db
    .select({ id: events.id, at: events.at })
    .from(events)
    .where(eq(events.id, sql.placeholder('id')))
    .prepare('events_by_id');
  expect(await byId.execute({ id: 1 })).toEqual([{ id: 1, at }]);
  expect(await byId.execute({ id: 2 })).toEqual([]);
  // (the connection's own names for the unnamed statements it keeps parsed, pglite_N, aside)
  expect(
    (await database.query(`select name from pg_prepared_statements where name not like 'pglite\\_%'`)).rows,
  ).toEqual([{ name: 'events_by_id' }]);
  // a failed statement (node-postgres then drops its client) leaves the one session serving, with
  // its prepared statement, in and out of transactions
  await expect(db.insert(events).values(expected)).rejects.toThrow();
  await expect(
    db.transaction(async (tx) => {
      await tx.insert(events).values({ ...expected, id: 2 });
      await tx.insert(events).values(expected);
    }),
  ).rejects.toThrow();
  expect(await byId.execute({ id: 1 })).toEqual([{ id: 1, at }]);
  expect(await byId.execute({ id: 2 })).toEqual([]);

  // the raw queries: dates, with parameters and without (a script)
  const withParams = await database.query('select at, day, array[at] as ats from events where id = $1', [1]);
  expect(withParams.rows).toEqual([{ at, day: new Date('2026-11-28T00:00:00.000Z'), ats: [at] }]);
  const script = await database.query('select at from events');
  expect(script.rows).toEqual([{ at }]);
  await database.close();
});

it("sends a statement's messages to PGlite in one round trip, and answers statements run together in order", async () => {
  const client = await PGlite.create({ startParams: pgliteStartParams });
  const database = pgliteDatabase(client);
  await database.query('select 1');
  const roundTrips = vi.spyOn(client, 'execProtocolRawStream');
  // parse, bind, describe, execute and sync: one run of PGlite's main loop, not five
  expect((await database.query('select $1::int + 1 as n', [41])).rows).toEqual([{ n: 42 }]);
  expect(roundTrips).toHaveBeenCalledTimes(1);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) => database.query('select $1::int as n', [i]).then((r) => r.rows)),
  );
  expect(answers).toEqual(Array.from({ length: 50 }, (_, i) => [{ n: i }]));
  await database.close();
});
