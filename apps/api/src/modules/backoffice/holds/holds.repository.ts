/**
 * Escalation holds (review_holds, 2940_review_holds.sql): the open hold of an application, its
 * holds, opening and releasing one. The notes arrive and leave sealed.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { query, toDate, toNum } from '../../../db/raw.ts';

export interface HoldRow {
  id: number;
  applicantId: string;
  reasonCode: string;
  noteEnc: string;
  heldBy: string;
  heldByName: string;
  heldAt: Date;
  releasedBy: string | null;
  releasedByName: string | null;
  releasedAt: Date | null;
  releaseNoteEnc: string | null;
}

interface RawHold {
  id: unknown;
  applicant_id: string;
  reason_code: string;
  note_enc: string;
  held_by: string;
  held_by_name: string;
  held_at: unknown;
  released_by: string | null;
  released_by_name: string | null;
  released_at: unknown;
  release_note_enc: string | null;
}

const toRow = (r: RawHold): HoldRow => ({
  id: toNum(r.id),
  applicantId: r.applicant_id,
  reasonCode: r.reason_code,
  noteEnc: r.note_enc,
  heldBy: r.held_by,
  heldByName: r.held_by_name,
  heldAt: toDate(r.held_at),
  releasedBy: r.released_by,
  releasedByName: r.released_by_name,
  releasedAt: r.released_at === null ? null : toDate(r.released_at),
  releaseNoteEnc: r.release_note_enc,
});

const SELECT = sql`select h.id, h.applicant_id, h.reason_code, h.note_enc, h.held_by, hs.name as held_by_name, h.held_at,
    h.released_by, rs.name as released_by_name, h.released_at, h.release_note_enc
  from review_holds h join staff hs on hs.id = h.held_by left join staff rs on rs.id = h.released_by`;

export const holdsRepository = {
  async list(tx: Tx, applicantId: string): Promise<HoldRow[]> {
    const rows = await query<RawHold>(
      tx,
      sql`${SELECT} where h.applicant_id = ${applicantId}::uuid order by h.id desc`,
    );
    return rows.map(toRow);
  },
  /** The open hold, locked for the caller's transaction. */
  async openOf(tx: Tx, applicantId: string): Promise<HoldRow | undefined> {
    const [row] = await query<RawHold>(
      tx,
      sql`${SELECT} where h.applicant_id = ${applicantId}::uuid and h.released_at is null for update of h`,
    );
    return row ? toRow(row) : undefined;
  },
  async open(tx: Tx, h: { applicantId: string; reasonCode: string; noteEnc: string; staffId: string }): Promise<void> {
    await tx.execute(
      sql`insert into review_holds (applicant_id, reason_code, note_enc, held_by)
          values (${h.applicantId}::uuid, ${h.reasonCode}, ${h.noteEnc}, ${h.staffId}::uuid)`,
    );
  },
  async release(tx: Tx, id: number, staffId: string, noteEnc: string): Promise<void> {
    await tx.execute(
      sql`update review_holds set released_by = ${staffId}::uuid, released_at = greatest(now(), held_at),
            release_note_enc = ${noteEnc}
          where id = ${id} and released_at is null`,
    );
  },
  /** The open holds of these applications (the queue's flag). */
  async openOfMany(tx: Tx, applicantIds: string[]): Promise<Map<string, { reasonCode: string; since: Date }>> {
    if (!applicantIds.length) return new Map();
    const rows = await query<{ applicant_id: string; reason_code: string; held_at: unknown }>(
      tx,
      sql`select applicant_id, reason_code, held_at from review_holds
          where applicant_id in ${applicantIds} and released_at is null`,
    );
    return new Map(rows.map((r) => [r.applicant_id, { reasonCode: r.reason_code, since: toDate(r.held_at) }]));
  },
};
