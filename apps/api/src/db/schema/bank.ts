/** Drizzle table definitions of the bank migrations (0500_ifsc_branches.sql). */
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
