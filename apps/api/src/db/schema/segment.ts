/** Drizzle table definitions of 0650_segments.sql. */
import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const segments = pgTable('segments', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  subDescription: text('sub_description').notNull(),
  autoSelect: boolean('auto_select').notNull(),
  requiredDoc: boolean('required_doc').notNull(),
  exchanges: text('exchanges').array().notNull(),
  sortOrder: integer('sort_order').notNull(),
  active: boolean('active').notNull(),
});

export const sandboxAaConsents = pgTable('sandbox_aa_consents', {
  consentHandle: text('consent_handle').primaryKey(),
  txnid: text('txnid').notNull(),
  customerId: text('customer_id').notNull(),
  detailJson: text('detail_json').notNull(),
  status: text('status').$type<'PENDING' | 'ACTIVE' | 'REJECTED' | 'REVOKED' | 'PAUSED' | 'EXPIRED'>().notNull(),
  consentId: text('consent_id'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
