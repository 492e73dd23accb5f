/** The corrections of a registered client's data, proposed by a maker and decided by a checker (correct-registration.ts). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { query, toDate } from '../../db/raw.ts';

export interface CorrectionRow {
  id: string;
  applicantId: string;
  field: 'email' | 'annual_income' | 'family_declaration';
  proposalEnc: string;
  status: 'proposed' | 'awaiting_otp' | 'applied' | 'rejected';
  proposedBy: string;
  proposedAt: Date;
  decidedBy: string | null;
}

const correctionOf = (r: Record<string, unknown>): CorrectionRow => ({
  id: String(r.id),
  applicantId: String(r.applicant_id),
  field: r.field as CorrectionRow['field'],
  proposalEnc: String(r.proposal_enc),
  status: r.status as CorrectionRow['status'],
  proposedBy: String(r.proposed_by),
  proposedAt: toDate(r.proposed_at),
  decidedBy: r.decided_by === null || r.decided_by === undefined ? null : String(r.decided_by),
});

export const correctionsRepository = {
  async insertCorrection(db: Tx, c: Omit<CorrectionRow, 'status' | 'decidedBy'>): Promise<void> {
    await db.execute(
      sql`insert into registration_corrections (id, applicant_id, field, proposal_enc, status, proposed_by, proposed_at)
        values (${c.id}::uuid, ${c.applicantId}::uuid, ${c.field}, ${c.proposalEnc}, 'proposed', ${c.proposedBy},
          ${c.proposedAt.toISOString()}::timestamptz)`,
    );
  },
  async correction(db: Tx, applicantId: string, id: string): Promise<CorrectionRow | undefined> {
    const [row] = await query<Record<string, unknown>>(
      db,
      sql`select * from registration_corrections where id = ${id}::uuid and applicant_id = ${applicantId}::uuid`,
    );
    return row && correctionOf(row);
  },
  async corrections(db: Tx, applicantId: string): Promise<CorrectionRow[]> {
    const rows = await query<Record<string, unknown>>(
      db,
      sql`select * from registration_corrections where applicant_id = ${applicantId}::uuid order by proposed_at desc`,
    );
    return rows.map(correctionOf);
  },
  /** Moves a correction on from the status it was read in; false when another decision came first. */
  async moveCorrection(
    db: Tx,
    id: string,
    from: CorrectionRow['status'],
    to: CorrectionRow['status'],
    decidedBy: string,
    at: Date,
  ): Promise<boolean> {
    const moved = await query<{ id: string }>(
      db,
      sql`update registration_corrections set status = ${to}, decided_by = coalesce(decided_by, ${decidedBy}),
          decided_at = coalesce(decided_at, ${at.toISOString()}::timestamptz)
        where id = ${id}::uuid and status = ${from} returning id`,
    );
    return moved.length === 1;
  },
};
