/**
 * A closed application (application_closures, 2830_backoffice_flow.sql): finally rejected by staff
 * or expired after a send-back left unanswered. While the row exists the application stands as
 * Closed (the standing trigger), its PAN blocks no other application (records/signed.ts), and the
 * applicant's status page names the reason. A supervisor's reopening deletes the row.
 */
import type { ClosureKind } from '@ekyc/contracts/calls/backoffice-closing';
import type { ApplicationStatus } from '@ekyc/contracts/calls/backoffice-queue';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { query, toDate, toNum } from '../db/raw.ts';

export interface ClosureRow {
  kind: ClosureKind;
  code: string;
  reasonVersion: number;
  closedBy: string | null;
  closedAt: Date;
  closedFrom: ApplicationStatus;
}

export const closuresRepository = {
  async of(tx: Tx, applicantId: string): Promise<ClosureRow | undefined> {
    const [row] = await query<{
      kind: ClosureKind;
      code: string;
      reason_version: unknown;
      closed_by: string | null;
      closed_at: unknown;
      closed_from: ApplicationStatus;
    }>(
      tx,
      sql`select kind, code, reason_version, closed_by, closed_at, closed_from from application_closures
          where applicant_id = ${applicantId}::uuid`,
    );
    return (
      row && {
        kind: row.kind,
        code: row.code,
        reasonVersion: toNum(row.reason_version),
        closedBy: row.closed_by,
        closedAt: toDate(row.closed_at),
        closedFrom: row.closed_from,
      }
    );
  },
  async put(tx: Tx, applicantId: string, c: Omit<ClosureRow, 'closedAt'>): Promise<void> {
    await tx.execute(
      sql`insert into application_closures (applicant_id, kind, code, reason_version, closed_by, closed_from)
          values (${applicantId}::uuid, ${c.kind}, ${c.code}, ${c.reasonVersion}, ${c.closedBy}::uuid, ${c.closedFrom})`,
    );
  },
  async remove(tx: Tx, applicantId: string): Promise<void> {
    await tx.execute(sql`delete from application_closures where applicant_id = ${applicantId}::uuid`);
  },
  /** Frees the PAN a closed application signed: another application of that PAN may be signed. */
  async releaseSignedPan(tx: Tx, applicantId: string): Promise<void> {
    await tx.execute(sql`delete from signed_pans where applicant_id = ${applicantId}::uuid`);
  },
};
