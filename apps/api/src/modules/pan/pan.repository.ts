/** The only code that touches pan_holders (keyed hashes of verified PANs) and reads pan_obj rows for it. */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf, toDate } from '../../db/raw.ts';
import { panHolders } from '../../db/schema/pan.ts';

export const panRepository = {
  /** pan_obj sections written after the newest one already indexed, oldest first. */
  async sectionsToIndex(tx: Tx, limit: number): Promise<{ applicantId: string; updatedAt: Date }[]> {
    const rows = rowsOf<{ applicant_id: string; updated_at: unknown }>(
      await tx.execute(
        sql`select applicant_id, updated_at from applicant_sections
            where name = 'pan_obj'
              and updated_at > coalesce((select max(section_updated_at) from pan_holders), '-infinity'::timestamptz)
            order by updated_at limit ${limit}`,
      ),
    );
    return rows.map((r) => ({ applicantId: r.applicant_id, updatedAt: toDate(r.updated_at) }));
  },

  async sectionUpdatedAt(tx: Tx, applicantId: string): Promise<Date | null> {
    const [row] = rowsOf<{ updated_at: unknown }>(
      await tx.execute(
        sql`select updated_at from applicant_sections where applicant_id = ${applicantId} and name = 'pan_obj'`,
      ),
    );
    return row ? toDate(row.updated_at) : null;
  },

  async putHolder(tx: Tx, applicantId: string, panHash: string, sectionUpdatedAt: Date): Promise<void> {
    await tx
      .insert(panHolders)
      .values({ applicantId, panHash, sectionUpdatedAt })
      .onConflictDoUpdate({ target: panHolders.applicantId, set: { panHash, sectionUpdatedAt } });
  },

  /** Other applicants holding this PAN. */
  async otherHolders(tx: Tx, panHash: string, applicantId: string): Promise<string[]> {
    const rows = await tx
      .select({ id: panHolders.applicantId })
      .from(panHolders)
      .where(and(eq(panHolders.panHash, panHash), ne(panHolders.applicantId, applicantId)));
    return rows.map((r) => r.id);
  },

  /** Notes on the holder's audit trail that another applicant tried its PAN (the shared, hash-chained log). */
  async auditRefusedReuse(tx: Tx, holderId: string, otherApplicantId: string): Promise<void> {
    await tx.execute(
      sql`select audit_append(${holderId}, ${holderId}::uuid, 'system', null, 'pan.reuse_refused', 130,
        null, ${JSON.stringify({ other_applicant: otherApplicantId })}::jsonb)`,
    );
  },
};
