/**
 * Prepared statements are built once per database and run on the connection of whoever asks:
 * inside a transaction they see its uncommitted rows, and a rolled-back write stays invisible.
 */
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { prepared } from '../src/db/prepared.ts';
import { migratedPglite } from './support/pglite-template.ts';

const notes = pgTable('notes', { id: integer('id').primaryKey(), body: text('body').notNull() });

it('builds a statement once and runs it on the pool and inside transactions', async () => {
  const database = await migratedPglite();
  await database.query('create table notes (id integer primary key, body text not null)');
  const { db } = database;
  let builds = 0;
  const byId = (tx: Tx) =>
    prepared(tx, 'note_by_id', (d, name) => {
      builds++;
      return d
        .select({ body: notes.body })
        .from(notes)
        .where(eq(notes.id, sql.placeholder('id')))
        .prepare(name);
    });

  await db.insert(notes).values({ id: 1, body: 'committed' });
  expect(await byId(db).execute({ id: 1 })).toEqual([{ body: 'committed' }]);

  // the transaction's own uncommitted row, read through the cached statement on its connection
  await db.transaction(async (tx) => {
    await tx.insert(notes).values({ id: 2, body: 'in the transaction' });
    expect(await byId(tx).execute({ id: 2 })).toEqual([{ body: 'in the transaction' }]);
  });
  await expect(
    db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 3, body: 'rolled back' });
      expect(await byId(tx).execute({ id: 3 })).toEqual([{ body: 'rolled back' }]);
      throw new Error('undo');
    }),
  ).rejects.toThrow('undo');
  expect(await byId(db).execute({ id: 3 })).toEqual([]);
  expect(await byId(db).execute({ id: 2 })).toEqual([{ body: 'in the transaction' }]);
  expect(builds).toBe(1);
  await database.close();
});
