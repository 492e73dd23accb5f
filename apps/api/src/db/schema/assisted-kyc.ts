/** Drizzle table definition of the assisted video KYC bookings (2000_assisted_kyc.sql). */
import { date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const assistedKycRequests = pgTable('assisted_kyc_requests', {
  applicantId: uuid('applicant_id').primaryKey(),
  callDate: date('call_date', { mode: 'string' }).notNull(),
  slot: text('slot').notNull(),
  language: text('language').notNull(),
  needs: text('needs').array().notNull().default([]),
  noteEnc: text('note_enc'),
  status: text('status').$type<'booked' | 'done' | 'cancelled'>().notNull().default('booked'),
  requestedAt: ts('requested_at').notNull().defaultNow(),
  doneBy: uuid('done_by'),
  doneAt: ts('done_at'),
});
