/** Drizzle table definitions of the consent records and erasure requests (1900_consents.sql), account closures, purge notices and breaches (2720_retention.sql, 2805_retention_per_class.sql). */
import { bigserial, boolean, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
  /** The record classes a hold keeps (retention.ts); null when nothing had to be kept. */
  keptClasses: text('kept_classes').array(),
  /** When what no class keeps was erased under the hold. */
  minimisedAt: ts('minimised_at'),
  /** The kept classes whose holds have ended and whose parts were erased (2805_retention_per_class.sql). */
  classesErased: text('classes_erased').array().notNull().default([]),
});

export const accountClosures = pgTable('account_closures', {
  applicantId: uuid('applicant_id').primaryKey(),
  closedAt: ts('closed_at').notNull(),
  reason: text('reason').notNull(),
  closedBy: text('closed_by').notNull(),
  recordedAt: ts('recorded_at').notNull().defaultNow(),
});

export const abandonedPurgeNotices = pgTable('abandoned_purge_notices', {
  applicantId: uuid('applicant_id').primaryKey(),
  noticedAt: ts('noticed_at').notNull(),
  purgeAfter: ts('purge_after').notNull(),
  lastChangeAt: ts('last_change_at').notNull(),
});

/** How the applicants affected by a breach are chosen: those whose record existed in a window, or a list. */
export type BreachSelection = { kind: 'window' } | { kind: 'applicants'; applicant_ids: string[] };

export const dataBreaches = pgTable('data_breaches', {
  id: uuid('id').primaryKey().defaultRandom(),
  occurredFrom: ts('occurred_from').notNull(),
  occurredTo: ts('occurred_to').notNull(),
  detectedAt: ts('detected_at').notNull(),
  description: text('description').notNull(),
  dataClasses: text('data_classes').array().notNull(),
  selection: jsonb('selection').$type<BreachSelection>().notNull(),
  recordedBy: text('recorded_by').notNull(),
  recordedAt: ts('recorded_at').notNull().defaultNow(),
  boardNotifiedAt: ts('board_notified_at'),
});
