/** Drizzle table definitions of the core migration (0001_core.sql). */
import type { Language } from '@ekyc/contracts/constants';
import { bigserial, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const applicants = pgTable('applicants', {
  id: uuid('id').primaryKey().defaultRandom(),
  mobileHash: text('mobile_hash').notNull(),
  mobileEnc: text('mobile_enc').notNull(),
  emailHash: text('email_hash'),
  emailEnc: text('email_enc'),
  whatsappOpt: boolean('whatsapp_opt').notNull().default(false),
  refcode: text('refcode'),
  ownRefcode: text('own_refcode').notNull(),
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  utmCampaign: text('utm_campaign'),
  userAgent: text('user_agent'),
  source: text('source').notNull().default('web'),
  clientCode: text('client_code'),
  /** The language the applicant reads: en, hi, be, gu or mar. */
  language: text('language').$type<Language>().notNull().default('en'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const applicantStages = pgTable(
  'applicant_stages',
  {
    applicantId: uuid('applicant_id').notNull(),
    stage: integer('stage').notNull(),
    adminActivity: text('admin_activity').$type<'Accept' | 'Pending' | 'Reject' | null>(),
    reason: text('reason'),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicantId, t.stage] })],
);

export const applicantSections = pgTable(
  'applicant_sections',
  {
    applicantId: uuid('applicant_id').notNull(),
    name: text('name').notNull(),
    payloadEnc: text('payload_enc').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.applicantId, t.name] })],
);

export const otpCodes = pgTable('otp_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  purpose: text('purpose').$type<'mobile' | 'email' | 'esign'>().notNull(),
  targetHash: text('target_hash').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  sends: integer('sends').notNull().default(1),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').$type<'applicant' | 'staff' | 'client'>().notNull(),
  subjectId: uuid('subject_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  applicantId: uuid('applicant_id'),
  kind: text('kind').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  storageKey: text('storage_key').notNull(),
  sha256: text('sha256').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sandboxOutbox = pgTable('sandbox_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel').notNull(),
  recipient: text('recipient').notNull(),
  body: text('body').notNull(),
  otp: text('otp'),
  /** The SMS gateway that took the message (msg91, kaleyra); none for email. */
  provider: text('provider'),
  sentAt: ts('sent_at').notNull().defaultNow(),
  attachments: jsonb('attachments')
    .$type<{ filename: string; content_type: string; size: number; sha256: string }[]>()
    .notNull()
    .default([]),
});
