/**
 * The embedded database keeps a statement without a name parsed after its first run
 * (db/pglite-connection.ts): the same text runs again on the kept statement, a failed one is
 * parsed again, and a script that changes a table's columns closes them (a kept `select *` would
 * otherwise fail with "cached plan must not change result type").
 */
import { expect, it } from 'vitest';
import { migratedPglite } from './support/pglite-template.ts';

const kept = async (query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>, like: string) =>
  (
    (await query(`select statement from pg_prepared_statements where statement like $1 and name like 'pglite_%'`, [
      like,
    ])) as { rows: { statement: string }[] }
  ).rows.map((r) => r.statement);

it('parses a statement once, parses a failed one again, and closes them when a script alters a table', async () => {
  const database = await migratedPglite();
  const query = database.query.bind(database);
  try {
    await query('create table widgets (id integer primary key, label text not null)');
    const read = 'select * from widgets where id = $1';
    await query('insert into widgets values ($1, $2)', [1, 'one']);
    expect((await query(read, [1])).rows).toEqual([{ id: 1, label: 'one' }]);
    expect((await query(read, [1])).rows).toEqual([{ id: 1, label: 'one' }]);
    // one kept statement for the text, whatever the number of runs
    expect(await kept(query, '%from widgets where id%')).toEqual([read]);

    // a text whose first run fails is not kept, and its next run is parsed afresh and works
    const add = 'insert into widgets (id, label) values ($1, $2)';
    await expect(query(add, [1, 'again'])).rejects.toThrow(/duplicate key/);
    expect(await kept(query, 'insert into widgets (id%')).toEqual([]);
    await query(add, [2, 'two']);
    expect(await kept(query, 'insert into widgets (id%')).toEqual([add]);
    expect((await query(read, [2])).rows).toEqual([{ id: 2, label: 'two' }]);

    // a new column: the kept select * is closed and parsed again, so it answers the new shape
    await query('alter table widgets add column weight integer not null default 5');
    expect(await kept(query, '%from widgets where id%')).toEqual([]);
    expect((await query(read, [2])).rows).toEqual([{ id: 2, label: 'two', weight: 5 }]);
  } finally {
    await database.close();
  }
});
