/**
 * Drizzle table definitions of the bank migrations (0500_ifsc_branches.sql, 2400_bank_attempts.sql,
 * 2711_webhook_deliveries.sql).
 */
import { boolean, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const ifscBranches = pgTable('ifsc_branches', {
  ifsc: text('ifsc').primaryKey(),
  bank: text('bank').notNull(),
  branch: text('branch'),
  centre: text('centre'),
  district: text('district'),
  state: text('state'),
  address: text('address'),
  contact: text('contact'),
  city: text('city'),
  iso3166: text('iso3166'),
  micr: text('micr'),
  swift: text('swift'),
  imps: boolean('imps'),
  rtgs: boolean('rtgs'),
  neft: boolean('neft'),
  upi: boolean('upi'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Each applicant's penny drops and UPI requests on one day (the latest day only). */
export const bankAttempts = pgTable('bank_attempts', {
  applicantId: uuid('applicant_id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  count: integer('count').notNull(),
});

/** Provider webhooks seen (a keyed digest per delivery), so a replay is refused. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    provider: text('provider').notNull(),
    deliveryHash: text('delivery_hash').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.deliveryHash] })],
);
