import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Sandbox providers' state, shared by every process (see sandbox/state.ts). */
export const sandboxState = pgTable(
  'sandbox_state',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payloadEnc: text('payload_enc').notNull(),
    version: integer('version').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] })],
);
