/** The only code that touches the core applicant tables. */
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { applicants, applicantSections, applicantStages, files } from '../db/schema/core.ts';

export type ApplicantRow = typeof applicants.$inferSelect;
export type StageRow = typeof applicantStages.$inferSelect;
export type FileRow = typeof files.$inferSelect;

export const applicantRepository = {
  async findByMobileHash(tx: Tx, mobileHash: string): Promise<ApplicantRow | undefined> {
    const [row] = await tx.select().from(applicants).where(eq(applicants.mobileHash, mobileHash)).limit(1);
    return row;
  },

  async findById(tx: Tx, id: string): Promise<ApplicantRow | undefined> {
    const [row] = await tx.select().from(applicants).where(eq(applicants.id, id)).limit(1);
    return row;
  },

  /** Inserts unless the mobile exists (a double click); returns the row either way. */
  async insert(tx: Tx, values: typeof applicants.$inferInsert): Promise<{ row: ApplicantRow; created: boolean }> {
    const [row] = await tx
      .insert(applicants)
      .values(values)
      .onConflictDoNothing({ target: applicants.mobileHash })
      .returning();
    if (row) return { row, created: true };
    return { row: (await this.findByMobileHash(tx, values.mobileHash))!, created: false };
  },

  async update(tx: Tx, id: string, values: Partial<typeof applicants.$inferInsert>): Promise<void> {
    await tx
      .update(applicants)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(applicants.id, id));
  },

  /** Serialises stage moves of one applicant. */
  async lock(tx: Tx, id: string): Promise<void> {
    await tx.execute(sql`select id from ${applicants} where ${applicants.id} = ${id} for update`);
  },

  /** Locks the applicant (as lock does) and reads its kyc_list, in one round trip. */
  async lockWithStages(tx: Tx, id: string): Promise<StageRow[]> {
    const rows = await tx
      .select(getTableColumns(applicantStages))
      .from(applicants)
      .leftJoin(applicantStages, eq(applicantStages.applicantId, applicants.id))
      .where(eq(applicants.id, id))
      .orderBy(asc(applicantStages.seq))
      .for('update', { of: applicants });
    return rows.filter((r): r is StageRow => r.applicantId !== null);
  },

  async stages(tx: Tx, applicantId: string): Promise<StageRow[]> {
    return tx
      .select()
      .from(applicantStages)
      .where(eq(applicantStages.applicantId, applicantId))
      .orderBy(asc(applicantStages.seq));
  },

  async upsertStage(
    tx: Tx,
    applicantId: string,
    stage: number,
    adminActivity: StageRow['adminActivity'],
    reason: string | null = null,
  ) {
    await tx
      .insert(applicantStages)
      .values({ applicantId, stage, adminActivity, reason })
      .onConflictDoUpdate({
        target: [applicantStages.applicantId, applicantStages.stage],
        set: { adminActivity, reason, updatedAt: new Date() },
      });
  },

  /** Makes a stage the last kyc_list item (the current stage), inserting it when missing. */
  async moveStageToEnd(tx: Tx, applicantId: string, stage: number): Promise<void> {
    await tx
      .insert(applicantStages)
      .values({ applicantId, stage, adminActivity: null })
      .onConflictDoUpdate({
        target: [applicantStages.applicantId, applicantStages.stage],
        set: { seq: sql`nextval(pg_get_serial_sequence('applicant_stages', 'seq'))`, updatedAt: new Date() },
      });
  },

  async section(tx: Tx, applicantId: string, name: string): Promise<string | undefined> {
    const [row] = await tx
      .select({ payload: applicantSections.payloadEnc })
      .from(applicantSections)
      .where(and(eq(applicantSections.applicantId, applicantId), eq(applicantSections.name, name)))
      .limit(1);
    return row?.payload;
  },

  async sections(tx: Tx, applicantId: string): Promise<{ name: string; payloadEnc: string }[]> {
    return tx
      .select({ name: applicantSections.name, payloadEnc: applicantSections.payloadEnc })
      .from(applicantSections)
      .where(eq(applicantSections.applicantId, applicantId));
  },

  /** Writes several sections in one statement. */
  async putSections(tx: Tx, applicantId: string, sections: Array<{ name: string; payloadEnc: string }>): Promise<void> {
    if (!sections.length) return;
    await tx
      .insert(applicantSections)
      .values(sections.map((s) => ({ applicantId, ...s })))
      .onConflictDoUpdate({
        target: [applicantSections.applicantId, applicantSections.name],
        set: { payloadEnc: sql`excluded.payload_enc`, updatedAt: new Date() },
      });
  },

  async deleteSections(tx: Tx, applicantId: string, names: string[]): Promise<void> {
    if (!names.length) return;
    await tx
      .delete(applicantSections)
      .where(and(eq(applicantSections.applicantId, applicantId), inArray(applicantSections.name, names)));
  },

  async insertFile(tx: Tx, values: typeof files.$inferInsert): Promise<FileRow> {
    const [row] = await tx.insert(files).values(values).returning();
    return row!;
  },

  async file(tx: Tx, id: string): Promise<FileRow | undefined> {
    const [row] = await tx.select().from(files).where(eq(files.id, id)).limit(1);
    return row;
  },

  async latestFile(tx: Tx, applicantId: string, kind: string): Promise<FileRow | undefined> {
    const [row] = await tx
      .select()
      .from(files)
      .where(and(eq(files.applicantId, applicantId), eq(files.kind, kind)))
      .orderBy(desc(files.createdAt))
      .limit(1);
    return row;
  },
};
