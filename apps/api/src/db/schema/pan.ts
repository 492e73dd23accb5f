/** Drizzle table definitions of the PAN and DigiLocker migration (0300_digilocker.sql). */
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
