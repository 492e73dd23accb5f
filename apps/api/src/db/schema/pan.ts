/** Drizzle table definitions of the PAN and DigiLocker migrations (0300_digilocker.sql, 0310, 2500). */
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const digilockerAuthorizations = pgTable('digilocker_authorizations', {
  stateHash: text('state_hash').primaryKey(),
  applicantId: uuid('applicant_id').notNull(),
  verifierEnc: text('verifier_enc').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Keyed hashes of verified PANs, one row per applicant (0310_pan_holders.sql). */
export const panHolders = pgTable('pan_holders', {
  applicantId: uuid('applicant_id').primaryKey(),
  panHash: text('pan_hash').notNull(),
  sectionUpdatedAt: ts('section_updated_at').notNull(),
});

/** One signed application per PAN (keyed hash), enforced by its keys (2500_signed_pans.sql). */
export const signedPans = pgTable('signed_pans', {
  panHash: text('pan_hash').primaryKey(),
  applicantId: uuid('applicant_id').notNull().unique(),
  signedAt: ts('signed_at').notNull(),
});
