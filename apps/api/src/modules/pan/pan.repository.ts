/**
 * The only code that writes pan_holders (keyed hashes of verified PANs) and reads pan_obj rows for it;
 * who holds a signed PAN is asked of records/signed.ts, where "signed" is defined.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';

export const panRepository = {
  /**
   * pan_obj sections written after the newest one already indexed, oldest first; each write's time
   * as PostgreSQL's text, to the microsecond (a JavaScript date would cut it to the millisecond, and
   * the section would look unindexed again on the next call).
   */
  async sectionsToIndex(tx: Tx, limit: number): Promise<{ applicantId: string; updatedAt: string }[]> {
    const rows = rowsOf<{ applicant_id: string; updated_at: string }>(
      await tx.execute(
        sql`select applicant_id, updated_at::text as updated_at from applicant_sections
            where name = 'pan_obj'
              and updated_at > coalesce((select max(section_updated_at) from pan_holders), '-infinity'::timestamptz)
            order by updated_at limit ${limit}`,
      ),
    );
    return rows.map((r) => ({ applicantId: r.applicant_id, updatedAt: r.updated_at }));
  },

  /** Indexes the applicant's pan_obj as of its last write, in one statement (nothing when it has none). */
  async putHolderFromSection(tx: Tx, applicantId: string, panHash: string): Promise<void> {
    await tx.execute(sql`
      insert into pan_holders (applicant_id, pan_hash, section_updated_at)
      select applicant_id, ${panHash}, updated_at from applicant_sections
      where applicant_id = ${applicantId} and name = 'pan_obj'
      on conflict (applicant_id) do update set pan_hash = excluded.pan_hash, section_updated_at = excluded.section_updated_at`);
  },

  /** Indexes a PAN as of the section's write; nothing when the applicant has been erased since it was read. */
  async putHolder(tx: Tx, applicantId: string, panHash: string, sectionUpdatedAt: string): Promise<void> {
    await tx.execute(sql`
      insert into pan_holders (applicant_id, pan_hash, section_updated_at)
      select id, ${panHash}, ${sectionUpdatedAt}::timestamptz from applicants where id = ${applicantId}
      on conflict (applicant_id) do update set pan_hash = excluded.pan_hash, section_updated_at = excluded.section_updated_at`);
  },
};
