import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Files whose bytes may be in the store without a files row yet (see records/applicant-records.ts). */
export const fileWrites = pgTable('file_writes', {
  storageKey: text('storage_key').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
