/** Drizzle table definitions of the back-office migration (0801_backoffice.sql). */
import type { StaffRole } from '@ekyc/contracts/calls/backoffice-login';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type { StaffRole };

export const staff = pgTable('staff', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  role: text('role').$type<StaffRole>().notNull(),
  passwordHash: text('password_hash').notNull(),
  active: boolean('active').notNull().default(true),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastLoginAt: ts('last_login_at'),
  /** 0810_staff_password_change.sql */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
  /** 2700_staff_mfa_and_grants.sql: the second factor (sealed secrets), pending grants, a kept lockout */
  mfaSecret: text('mfa_secret'),
  mfaPendingSecret: text('mfa_pending_secret'),
  mfaEnrolledAt: ts('mfa_enrolled_at'),
  mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
  mfaResetRequestedBy: uuid('mfa_reset_requested_by'),
  pendingRole: text('pending_role').$type<'checker' | 'supervisor' | 'compliance' | 'admin'>(),
  pendingRoleBy: uuid('pending_role_by'),
  loginLockedUntil: ts('login_locked_until'),
});

/** 2700_staff_mfa_and_grants.sql: one-time recovery codes, only their keyed hashes. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: uuid('staff_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/** 2806_staff_invitations.sql: one-time links to set one's own password (only the token's keyed hash). */
export const staffInvitations = pgTable('staff_invitations', {
  id: uuid('id').primaryKey().defaultRandom(),
  staffId: uuid('staff_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  purpose: text('purpose').$type<'join' | 'password'>().notNull(),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Append-only (a trigger refuses update and delete); rows enter only through audit_append(). */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chainKey: text('chain_key').notNull(),
  applicantId: uuid('applicant_id'),
  at: ts('at').notNull(),
  actorKind: text('actor_kind').$type<'staff' | 'applicant' | 'system'>().notNull(),
  actorId: text('actor_id'),
  action: text('action').notNull(),
  stage: integer('stage'),
  before: jsonb('before'),
  after: jsonb('after'),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});

/** Keyed hashes of PAN numbers for the queue's search. */
export const backofficePanIndex = pgTable('backoffice_pan_index', {
  applicantId: uuid('applicant_id').primaryKey(),
  panHash: text('pan_hash').notNull(),
  sectionUpdatedAt: ts('section_updated_at').notNull(),
});
