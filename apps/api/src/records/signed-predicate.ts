/**
 * The SQL of "signed" (records/signed.ts says what it means): the application's stage list holds
 * the STATUS entry, which only the completion of e-sign creates and nothing removes.
 */
import { STAGE } from '@ekyc/contracts/stages';
import { type SQL, sql } from 'drizzle-orm';

/** The predicate over an expression that names an applicant's id, for set-based queries. */
export const signedSql = (applicantId: SQL): SQL =>
  sql`exists (select 1 from applicant_stages signed_entry
    where signed_entry.applicant_id = ${applicantId} and signed_entry.stage = ${STAGE.STATUS})`;
