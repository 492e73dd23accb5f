/**
 * The segments an application was accepted without, pending their proof (segment_holds,
 * 2985_segment_holds.sql). Written by the maker's decision on the segment stage; read by the
 * review page, the registrations (which open without them) and the client area.
 */
import type { SegmentHoldReason } from '@ekyc/contracts/segment-holds';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { query, toDate } from '../db/raw.ts';

export interface SegmentHoldRow {
  segment: string;
  reasonCode: SegmentHoldReason;
  heldBy: string;
  heldByEmail: string;
  heldAt: Date;
}

interface RawHold {
  segment: string;
  reason_code: SegmentHoldReason;
  held_by: string;
  held_by_email: string | null;
  held_at: unknown;
}

export const segmentHoldsRepository = {
  /** The held segments of an application, in the order they were chosen in the contracts' list. */
  async list(db: Tx, applicantId: string): Promise<SegmentHoldRow[]> {
    const rows = await query<RawHold>(
      db,
      sql`select h.segment, h.reason_code, h.held_by, s.email as held_by_email, h.held_at
            from segment_holds h left join staff s on s.id = h.held_by
           where h.applicant_id = ${applicantId} order by h.segment`,
    );
    return rows.map((r) => ({
      segment: r.segment,
      reasonCode: r.reason_code,
      heldBy: r.held_by,
      heldByEmail: r.held_by_email ?? r.held_by,
      heldAt: toDate(r.held_at),
    }));
  },

  /** The proof arrived and the exchanges carry these segments: their holds end. */
  async release(tx: Tx, applicantId: string, segments: readonly string[]): Promise<void> {
    await tx.execute(sql`
      delete from segment_holds
       where applicant_id = ${applicantId}
         and segment in (select value from json_array_elements_text(${JSON.stringify(segments)}::json))`);
  },

  /** The held segments become exactly these (none clears them); the caller holds the applicant's row. */
  async replace(
    tx: Tx,
    applicantId: string,
    staffId: string,
    holds: readonly { code: string; reason: SegmentHoldReason }[],
  ): Promise<void> {
    await tx.execute(sql`delete from segment_holds where applicant_id = ${applicantId}`);
    if (!holds.length) return;
    const json = JSON.stringify(holds);
    await tx.execute(sql`
      insert into segment_holds (applicant_id, segment, reason_code, held_by)
      select ${applicantId}::uuid, h.code, h.reason, ${staffId}::uuid
        from json_to_recordset(${json}::json) as h(code text, reason text)`);
  },
};
