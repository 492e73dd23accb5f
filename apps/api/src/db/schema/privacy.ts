/** Drizzle table definitions of the consent records and erasure requests (1900_consents.sql). */
import { bigserial, boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const consentRecords = pgTable('consent_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  applicantId: uuid('applicant_id').notNull(),
  purpose: text('purpose').$type<'kyc' | 'communication' | 'marketing'>().notNull(),
  granted: boolean('granted').notNull(),
  noticeVersion: text('notice_version').notNull(),
  language: text('language').notNull(),
  source: text('source').notNull(),
  recordedAt: ts('recorded_at').notNull().defaultNow(),
});

export const erasureRequests = pgTable('erasure_requests', {
  applicantId: uuid('applicant_id').primaryKey(),
  requestedAt: ts('requested_at').notNull().defaultNow(),
  holdUntil: ts('hold_until'),
  holdReason: text('hold_reason'),
  erasedAt: ts('erased_at'),
});
