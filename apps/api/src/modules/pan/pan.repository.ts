/**
 * The only code that writes pan_holders (keyed hashes of verified PANs) and reads pan_obj rows for it;
 * who holds a signed PAN is asked of records/signed.ts, where "signed" is defined.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';
import { rowsOf } from '../../db/raw.ts';
import { signedHoldersSql } from '../../records/signed.ts';

/** pan_obj sections whose latest write pan_holders does not hold yet (3039_pan_index_queue.sql). */
const UNINDEXED = sql`from pan_index_queue`;

export const panRepository = {
  /**
   * pan_obj sections waiting to be indexed, oldest first; each write's time as PostgreSQL's text, to
   * the microsecond (a JavaScript date would cut it to the millisecond, and the entry would never
   * match its section again).
   */
  async sectionsToIndex(tx: Tx, limit: number): Promise<{ applicantId: string; updatedAt: string }[]> {
    const rows = rowsOf<{ applicant_id: string; updated_at: string }>(
      await tx.execute(
        sql`select applicant_id, section_updated_at::text as updated_at ${UNINDEXED} order by section_updated_at limit ${limit}`,
      ),
    );
    return rows.map((r) => ({ applicantId: r.applicant_id, updatedAt: r.updated_at }));
  },

  /**
   * The other applicants whose signed or active application holds this PAN (records/signed.ts),
   * and whether pan_obj sections wait to be indexed (then the answer may miss a holder), in one
   * statement.
   */
  async holdersUnlessBehind(
    tx: Tx,
    panHash: string,
    applicantId: string,
  ): Promise<{ holders: string[]; behind: boolean }> {
    const [row] = await preparedSql<{ holders: string[] | null; behind: boolean }>(
      tx,
      'pan_holders_unless_behind',
      () => sql`select array(${signedHoldersSql(sql.placeholder('pan'), sql.placeholder('applicant'))}) as holders,
        exists (select 1 ${UNINDEXED}) as behind`,
      { pan: panHash, applicant: applicantId },
    );
    return { holders: row?.holders ?? [], behind: row?.behind === true };
  },

  /** Indexes the applicant's pan_obj as of its last write, in one statement (nothing when it has none). */
  async putHolderFromSection(tx: Tx, applicantId: string, panHash: string): Promise<void> {
    await preparedSql(
      tx,
      'pan_holder_from_section',
      () => sql`
        with indexed as (
          insert into pan_holders (applicant_id, pan_hash, section_updated_at)
          select applicant_id, ${sql.placeholder('pan')}::text, updated_at from applicant_sections
          where applicant_id = ${sql.placeholder('applicant')}::uuid and name = 'pan_obj'
          on conflict (applicant_id) do update set pan_hash = excluded.pan_hash,
            section_updated_at = excluded.section_updated_at
          returning applicant_id, section_updated_at)
        delete from pan_index_queue q using indexed i
        where q.applicant_id = i.applicant_id and q.section_updated_at = i.section_updated_at`,
      { pan: panHash, applicant: applicantId },
    );
  },

  /** Indexes a PAN as of the section's write; nothing when the applicant has been erased since it was read. */
  async putHolder(tx: Tx, applicantId: string, panHash: string, sectionUpdatedAt: string): Promise<void> {
    // the queue's entry goes only while it still names the write indexed: a later write queued again
    await tx.execute(sql`
      with indexed as (
        insert into pan_holders (applicant_id, pan_hash, section_updated_at)
        select id, ${panHash}, ${sectionUpdatedAt}::timestamptz from applicants where id = ${applicantId}
        on conflict (applicant_id) do update set pan_hash = excluded.pan_hash,
          section_updated_at = excluded.section_updated_at)
      delete from pan_index_queue where applicant_id = ${applicantId}
        and section_updated_at = ${sectionUpdatedAt}::timestamptz`);
  },
};
