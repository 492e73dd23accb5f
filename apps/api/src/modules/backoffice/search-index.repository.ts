/**
 * The search index of the back office: applicants by the keyed hashes of their mobile, email and PAN
 * (table backoffice_pan_index for the PAN, kept up to date from the PAN sections).
 */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { backofficePanIndex } from '../../db/schema/backoffice.ts';
import { query } from '../../db/raw.ts';

export const searchIndexRepository = {
  async idsByMobileHash(tx: Tx, mobileHash: string): Promise<string[]> {
    const rows = await query<{ id: string }>(tx, sql`select id from applicants where mobile_hash = ${mobileHash}`);
    return rows.map((r) => r.id);
  },
  async idsByEmailHash(tx: Tx, emailHash: string): Promise<string[]> {
    const rows = await query<{ id: string }>(tx, sql`select id from applicants where email_hash = ${emailHash}`);
    return rows.map((r) => r.id);
  },
  async idsByPanHash(tx: Tx, panHash: string): Promise<string[]> {
    const rows = await tx
      .select({ id: backofficePanIndex.applicantId })
      .from(backofficePanIndex)
      .where(eq(backofficePanIndex.panHash, panHash));
    return rows.map((r) => r.id);
  },
  /**
   * pan_obj sections written since the index last saw them. The time stays text, to the
   * microsecond PostgreSQL keeps: read as a Date (milliseconds) and written back, it would stay
   * earlier than the section's, and the section would be "to index" for ever.
   */
  async panSectionsToIndex(tx: Tx, limit: number): Promise<{ applicantId: string; updatedAt: string }[]> {
    const rows = await query<{ applicant_id: string; updated_at: string }>(
      tx,
      sql`select s.applicant_id, s.updated_at::text as updated_at from applicant_sections s
          left join backoffice_pan_index i on i.applicant_id = s.applicant_id
          where s.name = 'pan_obj' and (i.applicant_id is null or i.section_updated_at < s.updated_at)
          order by s.updated_at limit ${limit}`,
    );
    return rows.map((r) => ({ applicantId: r.applicant_id, updatedAt: r.updated_at }));
  },
  /** Indexes a PAN as of the section's write; nothing when the applicant has been erased since it was read. */
  async putPanIndex(tx: Tx, applicantId: string, panHash: string, sectionUpdatedAt: string): Promise<void> {
    await tx.execute(
      sql`insert into backoffice_pan_index (applicant_id, pan_hash, section_updated_at)
          select id, ${panHash}, ${sectionUpdatedAt}::timestamptz from applicants where id = ${applicantId}::uuid
          on conflict (applicant_id) do update set pan_hash = excluded.pan_hash,
            section_updated_at = excluded.section_updated_at`,
    );
  },
};
