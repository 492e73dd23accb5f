/**
 * Staff notes on an application (backoffice_notes, 2830_backoffice_flow.sql), the text sealed.
 * Never part of the applicant's record nor shown to the applicant.
 */
import type { NoteKind } from '@ekyc/contracts/calls/backoffice-checker-queue';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { query, toDate, toNum } from '../../../db/raw.ts';

export interface NoteRow {
  id: number;
  kind: NoteKind;
  stage: number | null;
  staffId: string;
  staffName: string;
  noteEnc: string;
  createdAt: Date;
}

interface RawNote {
  id: unknown;
  kind: NoteKind;
  stage: unknown;
  staff_id: string;
  name: string;
  note_enc: string;
  created_at: unknown;
}

const toRow = (r: RawNote): NoteRow => ({
  id: toNum(r.id),
  kind: r.kind,
  stage: r.stage === null ? null : toNum(r.stage),
  staffId: r.staff_id,
  staffName: r.name,
  noteEnc: r.note_enc,
  createdAt: toDate(r.created_at),
});

export const notesRepository = {
  async add(
    tx: Tx,
    n: { applicantId: string; kind: NoteKind; stage?: number | null; staffId: string; noteEnc: string },
  ): Promise<void> {
    await tx.execute(
      sql`insert into backoffice_notes (applicant_id, kind, stage, staff_id, note_enc)
          values (${n.applicantId}::uuid, ${n.kind}, ${n.stage ?? null}::integer, ${n.staffId}::uuid, ${n.noteEnc})`,
    );
  },
  async list(tx: Tx, applicantId: string): Promise<NoteRow[]> {
    const rows = await query<RawNote>(
      tx,
      sql`select n.id, n.kind, n.stage, n.staff_id, s.name, n.note_enc, n.created_at
          from backoffice_notes n join staff s on s.id = n.staff_id
          where n.applicant_id = ${applicantId}::uuid order by n.id`,
    );
    return rows.map(toRow);
  },
  /** The latest hand-over (maker to checker) or return (checker to maker) of each application. */
  async latestHandoffs(tx: Tx, applicantIds: string[]): Promise<Map<string, NoteRow>> {
    if (!applicantIds.length) return new Map();
    const rows = await query<RawNote & { applicant_id: string }>(
      tx,
      sql`select distinct on (n.applicant_id) n.applicant_id, n.id, n.kind, n.stage, n.staff_id, s.name, n.note_enc,
            n.created_at
          from backoffice_notes n join staff s on s.id = n.staff_id
          where n.applicant_id in ${applicantIds} and n.kind in ('handover', 'return')
          order by n.applicant_id, n.id desc`,
    );
    return new Map(rows.map((r) => [r.applicant_id, toRow(r)]));
  },
};
