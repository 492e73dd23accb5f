/** Drizzle table definitions of 0400_profiling_lists.sql. */
import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const profilingOptions = pgTable(
  'profiling_options',
  {
    list: text('list').$type<'occupation' | 'experience' | 'income' | 'education'>().notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    labelHi: text('label_hi').notNull(),
    labelBe: text('label_be').notNull(),
    labelGu: text('label_gu').notNull(),
    labelMar: text('label_mar').notNull(),
    sortOrder: integer('sort_order').notNull(),
    active: boolean('active').notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.code] })],
);
