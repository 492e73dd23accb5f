/** The only code that touches the core applicant tables. */
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared, preparedSql } from '../db/prepared.ts';
import { query } from '../db/raw.ts';
import { applicants, applicantSections, applicantStages } from '../db/schema/core.ts';
import { signedSql } from './signed-predicate.ts';

const at = sql.placeholder;

export type ApplicantRow = typeof applicants.$inferSelect;
export type StageRow = typeof applicantStages.$inferSelect;
/** Sections written (sealed) and removed by name. */
export interface SectionWrites {
  put: Array<{ name: string; payloadEnc: string }>;
  remove: string[];
}

export const applicantRepository = {
  async findByMobileHash(tx: Tx, mobileHash: string): Promise<ApplicantRow | undefined> {
    const [row] = await tx.select().from(applicants).where(eq(applicants.mobileHash, mobileHash)).limit(1);
    return row;
  },

  /** Whether another applicant gave the same email as this one (by its blind index): one statement. */
  async emailSharedWithOthers(tx: Tx, id: string): Promise<boolean> {
    const query = prepared(tx, 'applicant_email_shared', (db, name) =>
      db
        .select({
          // the outer row named in full: drizzle writes a column here without its table
          shared: sql<boolean>`exists (select 1 from applicants o where o.email_hash = applicants.email_hash
            and o.id <> applicants.id)`,
        })
        .from(applicants)
        .where(eq(applicants.id, sql.placeholder('id')))
        .prepare(name),
    );
    const [row] = await query.execute({ id });
    return row?.shared === true;
  },

  /** Whether an applicant other than this one has this email (by its blind index). */
  async emailHeldByOthers(tx: Tx, id: string, emailHash: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: applicants.id })
      .from(applicants)
      .where(and(eq(applicants.emailHash, emailHash), sql`${applicants.id} <> ${id}`))
      .limit(1);
    return row !== undefined;
  },

  async findById(tx: Tx, id: string): Promise<ApplicantRow | undefined> {
    const query = prepared(tx, 'applicant_by_id', (db, name) =>
      db
        .select()
        .from(applicants)
        .where(eq(applicants.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ id });
    return row;
  },

  async update(tx: Tx, id: string, values: Partial<typeof applicants.$inferInsert>): Promise<void> {
    await tx
      .update(applicants)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(applicants.id, id));
  },

  /** The applicant's email (sealed, and its blind index). */
  async setEmail(tx: Tx, id: string, emailHash: string, emailEnc: string): Promise<void> {
    const query = prepared(tx, 'applicant_set_email', (db, name) =>
      db
        .update(applicants)
        .set({ emailHash: sql`${at('hash')}::text`, emailEnc: sql`${at('enc')}::text`, updatedAt: sql`now()` })
        .where(eq(applicants.id, at('id')))
        .prepare(name),
    );
    await query.execute({ id, hash: emailHash, enc: emailEnc });
  },

  /** Keeps the applicant's language; writes nothing when it is already the one kept. */
  async setLanguage(tx: Tx, id: string, language: string): Promise<void> {
    await tx
      .update(applicants)
      .set({ language: language as ApplicantRow['language'], updatedAt: new Date() })
      .where(and(eq(applicants.id, id), sql`${applicants.language} is distinct from ${language}`));
  },

  /** Serialises stage moves of one applicant. */
  async lock(tx: Tx, id: string): Promise<void> {
    const query = prepared(tx, 'applicant_lock', (db, name) =>
      db
        .select({ id: applicants.id })
        .from(applicants)
        .where(eq(applicants.id, sql.placeholder('id')))
        .for('update')
        .prepare(name),
    );
    await query.execute({ id });
  },

  /** Whether the application is signed (records/signed.ts says what that means). */
  async isSigned(tx: Tx, applicantId: string): Promise<boolean> {
    const [row] = await query<{ signed: boolean }>(tx, sql`select ${signedSql(sql`${applicantId}::uuid`)} as signed`);
    return row?.signed === true;
  },

  /** An entry on the applicant's audit trail (the shared, hash-chained log); no actor id: the system. */
  async audit(
    tx: Tx,
    applicantId: string,
    entry: { actorId?: string | null; action: string; stage?: number | null; before?: unknown; after: unknown },
  ): Promise<void> {
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    const actorId = entry.actorId ?? null;
    await tx.execute(
      sql`select audit_append(${applicantId}, ${applicantId}::uuid, ${actorId ? 'staff' : 'system'}, ${actorId},
        ${entry.action}, ${entry.stage ?? null}::integer, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb)`,
    );
  },

  async stages(tx: Tx, applicantId: string): Promise<StageRow[]> {
    const query = prepared(tx, 'applicant_stages', (db, name) =>
      db
        .select()
        .from(applicantStages)
        .where(eq(applicantStages.applicantId, sql.placeholder('id')))
        .orderBy(asc(applicantStages.seq))
        .prepare(name),
    );
    return query.execute({ id: applicantId });
  },

  /**
   * The current stage (the last of the kyc_list) and the named sections' sealed payloads, in one
   * statement (one snapshot): what an action checks before it starts.
   */
  async currentStageWithSections(
    tx: Tx,
    applicantId: string,
    names: string[],
  ): Promise<{
    stage: number | undefined;
    rework: number | undefined;
    row: ApplicantRow | undefined;
    sealed: Record<string, string>;
  }> {
    const query = prepared(tx, 'applicant_stage_sections', (db, name) =>
      db
        .select({
          row: getTableColumns(applicants),
          stage: sql<number | null>`(select s.stage from applicant_stages s where s.applicant_id = ${applicants.id}
            order by s.seq desc limit 1)`,
          rework: sql<
            number | null
          >`(select min(s.stage) from applicant_stages s where s.applicant_id = ${applicants.id}
            and s.admin_activity = 'Reject')`,
          sealed: sql<Record<string, string> | null>`(select json_object_agg(c.name, c.payload_enc)
            from applicant_sections c where c.applicant_id = ${applicants.id}
            and c.name = any(${sql.placeholder('names')}::text[]))`,
        })
        .from(applicants)
        .where(eq(applicants.id, sql.placeholder('id')))
        .prepare(name),
    );
    const [found] = await query.execute({ id: applicantId, names });
    return {
      stage: found?.stage ?? undefined,
      rework: found?.rework ?? undefined,
      row: found?.row,
      sealed: found?.sealed ?? {},
    };
  },

  /**
   * The applicant's row, kyc_list and sealed sections as of one moment, in one statement (one
   * snapshot, one round trip): a reader never sees a section without the stage move written with it.
   */
  async snapshot(
    tx: Tx,
    id: string,
  ): Promise<
    { row: ApplicantRow; stages: StageRow[]; sections: Array<{ name: string; payloadEnc: string }> } | undefined
  > {
    const query = prepared(tx, 'applicant_snapshot', (db, name) =>
      db
        .select({
          row: getTableColumns(applicants),
          stages: sql<Array<
            Omit<StageRow, 'applicantId' | 'createdAt' | 'updatedAt'> & {
              createdAt: string;
              updatedAt: string;
            }
          > | null>`(select json_agg(json_build_object('stage', s.stage, 'adminActivity', s.admin_activity,
              'reason', s.reason, 'seq', s.seq, 'createdAt', s.created_at, 'updatedAt', s.updated_at) order by s.seq)
            from applicant_stages s where s.applicant_id = ${applicants.id})`,
          sections: sql<Array<{ name: string; payloadEnc: string }> | null>`(select json_agg(json_build_object(
              'name', c.name, 'payloadEnc', c.payload_enc)) from applicant_sections c where c.applicant_id = ${applicants.id})`,
        })
        .from(applicants)
        .where(eq(applicants.id, sql.placeholder('id')))
        .prepare(name),
    );
    const [found] = await query.execute({ id });
    if (!found) return undefined;
    const stages = (found.stages ?? []).map((s) => ({
      ...s,
      applicantId: id,
      createdAt: new Date(s.createdAt),
      updatedAt: new Date(s.updatedAt),
    }));
    return { row: found.row, stages, sections: found.sections ?? [] };
  },

  async upsertStage(
    tx: Tx,
    applicantId: string,
    stage: number,
    adminActivity: StageRow['adminActivity'],
    reason: string | null = null,
  ) {
    const query = prepared(tx, 'applicant_stage_upsert', (db, name) =>
      db
        .insert(applicantStages)
        .values({
          applicantId: sql.placeholder('id'),
          stage: sql.placeholder('stage'),
          adminActivity: sql.placeholder('activity'),
          reason: sql.placeholder('reason'),
        })
        .onConflictDoUpdate({
          target: [applicantStages.applicantId, applicantStages.stage],
          set: { adminActivity: sql`excluded.admin_activity`, reason: sql`excluded.reason`, updatedAt: sql`now()` },
        })
        .prepare(name),
    );
    await query.execute({ id: applicantId, stage, activity: adminActivity, reason });
  },

  /** Makes a stage the last kyc_list item (the current stage), inserting it when missing. */
  async moveStageToEnd(tx: Tx, applicantId: string, stage: number): Promise<void> {
    const query = prepared(tx, 'applicant_stage_to_end', (db, name) =>
      db
        .insert(applicantStages)
        .values({ applicantId: sql.placeholder('id'), stage: sql.placeholder('stage'), adminActivity: null })
        .onConflictDoUpdate({
          target: [applicantStages.applicantId, applicantStages.stage],
          set: { seq: sql`nextval(pg_get_serial_sequence('applicant_stages', 'seq'))`, updatedAt: sql`now()` },
        })
        .prepare(name),
    );
    await query.execute({ id: applicantId, stage });
  },

  async section(tx: Tx, applicantId: string, section: string): Promise<string | undefined> {
    const query = prepared(tx, 'applicant_section', (db, name) =>
      db
        .select({ payload: applicantSections.payloadEnc })
        .from(applicantSections)
        .where(
          and(
            eq(applicantSections.applicantId, sql.placeholder('id')),
            eq(applicantSections.name, sql.placeholder('section')),
          ),
        )
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ id: applicantId, section });
    return row?.payload;
  },

  async sections(tx: Tx, applicantId: string): Promise<{ name: string; payloadEnc: string }[]> {
    const query = prepared(tx, 'applicant_sections', (db, name) =>
      db
        .select({ name: applicantSections.name, payloadEnc: applicantSections.payloadEnc })
        .from(applicantSections)
        .where(eq(applicantSections.applicantId, sql.placeholder('id')))
        .prepare(name),
    );
    return query.execute({ id: applicantId });
  },

  /**
   * Replaces a section while it is still `expected` (its sealed payload), holding the applicant's
   * row as a write does, in one statement; whether it was.
   */
  async replaceSection(tx: Tx, applicantId: string, name: string, expected: string, payloadEnc: string) {
    const rows = await preparedSql(
      tx,
      'applicant_section_replace',
      () => sql`with locked as (select id from applicants where id = ${at('id')}::uuid for update)
        update applicant_sections s set payload_enc = ${at('payload')}::text, updated_at = now()
        from locked where s.applicant_id = locked.id and s.name = ${at('name')}::text
          and s.payload_enc = ${at('expected')}::text
        returning s.name`,
      { id: applicantId, name, expected, payload: payloadEnc },
    );
    return rows.length === 1;
  },

  /** Writes sections in one statement (in the caller's transaction, which holds the applicant). */
  async putSections(tx: Tx, applicantId: string, sections: Array<{ name: string; payloadEnc: string }>): Promise<void> {
    if (!sections.length) return;
    await tx
      .insert(applicantSections)
      .values(sections.map((s) => ({ applicantId, ...s })))
      .onConflictDoUpdate({
        target: [applicantSections.applicantId, applicantSections.name],
        set: { payloadEnc: sql`excluded.payload_enc`, updatedAt: sql`now()` },
      });
  },

  async deleteSections(tx: Tx, applicantId: string, names: string[]): Promise<void> {
    if (!names.length) return;
    await tx
      .delete(applicantSections)
      .where(and(eq(applicantSections.applicantId, applicantId), inArray(applicantSections.name, names)));
  },
};
