import { boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Keyed hashes: of the caller (the live session), of the key, of the request. */
    scopeHash: text('scope_hash').notNull(),
    keyHash: text('key_hash').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    /** The reply, encrypted and bound to scope and key; null while running or when withheld. */
    replySealed: text('reply_sealed'),
    /** The reply carried a secret (a session token) and was not kept. */
    replyWithheld: boolean('reply_withheld').notNull().default(false),
    /** Which request holds the claim, and until when while it runs. */
    claimId: text('claim_id').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scopeHash, t.keyHash] })],
);
