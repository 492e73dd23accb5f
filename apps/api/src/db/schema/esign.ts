/** Drizzle table definitions of 0700_esign.sql. */
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type EsignTxnStatus = 'pending' | 'signed' | 'failed' | 'expired';

export const esignTransactions = pgTable('esign_transactions', {
  txnId: text('txn_id').primaryKey(),
  applicantId: uuid('applicant_id').notNull(),
  eproId: text('epro_id').notNull(),
  status: text('status').$type<EsignTxnStatus>().notNull(),
  message: text('message'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  completedAt: ts('completed_at'),
  /** The e-sign service provider the signing was sent to (2885_esign_vendor.sql). */
  vendor: text('vendor'),
});
