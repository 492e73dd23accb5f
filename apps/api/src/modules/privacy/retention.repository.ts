/**
 * The only code of retention and breach handling that touches the ORM: account closures, the
 * minimising of a held record, abandoned applications and their purge notices, breaches.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { query, toDate } from '../../db/raw.ts';
import { applicantSections, applicants, files } from '../../db/schema/core.ts';
import { fileWrites } from '../../db/schema/file-writes.ts';
import { abandonedPurgeNotices, dataBreaches, erasureRequests } from '../../db/schema/privacy.ts';
import { signedSql } from '../../records/signed-predicate.ts';

export type BreachRow = typeof dataBreaches.$inferSelect;

/** The last change to an applicant's record `a`: its row, a stage or a section. */
const lastChange = sql`greatest(a.updated_at,
  coalesce((select max(s.updated_at) from applicant_stages s where s.applicant_id = a.id), a.updated_at),
  coalesce((select max(x.updated_at) from applicant_sections x where x.applicant_id = a.id), a.updated_at))`;

export const retentionRepository = {
  async markMinimised(tx: Tx, applicantId: string, at: Date): Promise<void> {
    await tx.update(erasureRequests).set({ minimisedAt: at }).where(eq(erasureRequests.applicantId, applicantId));
  },

  /**
   * Closed accounts' held records not erased yet, after `afterId` (keyset pages): their kept
   * classes, the classes already erased and the closure day.
   */
  async heldAfterClosure(
    tx: Tx,
    afterId: string,
    limit: number,
  ): Promise<{ id: string; kept: string[]; erased: string[]; closedAt: Date }[]> {
    const rows = await query<{ id: string; kept: string[]; erased: string[]; closed_at: unknown }>(
      tx,
      sql`select e.applicant_id as id, e.kept_classes as kept, e.classes_erased as erased, c.closed_at
        from erasure_requests e join account_closures c on c.applicant_id = e.applicant_id
        where e.erased_at is null and e.kept_classes is not null and e.applicant_id > ${afterId}::uuid
        order by e.applicant_id limit ${limit}`,
    );
    return rows.map((r) => ({ id: r.id, kept: r.kept, erased: r.erased, closedAt: toDate(r.closed_at) }));
  },

  async sectionNames(tx: Tx, applicantId: string): Promise<string[]> {
    const rows = await tx
      .select({ name: applicantSections.name })
      .from(applicantSections)
      .where(eq(applicantSections.applicantId, applicantId));
    return rows.map((r) => r.name);
  },

  async deleteSections(tx: Tx, applicantId: string, names: string[]): Promise<void> {
    if (names.length)
      await tx
        .delete(applicantSections)
        .where(and(eq(applicantSections.applicantId, applicantId), inArray(applicantSections.name, names)));
  },

  /** The raw provider exchanges of these providers (their classes' holds ended). */
  async deleteExchanges(tx: Tx, applicantId: string, providers: string[]): Promise<number> {
    if (!providers.length) return 0;
    const rows = await query<{ id: string }>(
      tx,
      sql`delete from provider_exchanges where applicant_id = ${applicantId}
          and provider in (${sql.join(
            providers.map((p) => sql`${p}`),
            sql`, `,
          )}) returning id`,
    );
    return rows.length;
  },

  async allFiles(tx: Tx, applicantId: string): Promise<{ id: string; kind: string }[]> {
    return tx.select({ id: files.id, kind: files.kind }).from(files).where(eq(files.applicantId, applicantId));
  },

  /** Adds classes to those whose parts are erased (once each). */
  async markClassesErased(tx: Tx, applicantId: string, classes: string[]): Promise<void> {
    await tx.execute(
      sql`update erasure_requests set classes_erased = array(
          select distinct c from unnest(classes_erased || string_to_array(${classes.join(',')}, ',')) c order by c)
        where applicant_id = ${applicantId}::uuid`,
    );
  },

  /** Marketing data: where the applicant came from (referral, campaign) and the browser they used. */
  async clearMarketing(tx: Tx, applicantId: string): Promise<void> {
    await tx
      .update(applicants)
      .set({ refcode: null, utmSource: null, utmMedium: null, utmCampaign: null, userAgent: null })
      .where(eq(applicants.id, applicantId));
  },

  async filesOf(tx: Tx, applicantId: string, kind: string): Promise<{ id: string }[]> {
    return tx
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.applicantId, applicantId), eq(files.kind, kind)));
  },

  /**
   * Deletes the files' rows; their keys are recorded as unfinished writes in the same transaction,
   * so the bytes go even if the process dies before it deletes them. Answers the keys.
   */
  async deleteFiles(tx: Tx, applicantId: string, ids: string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await tx
      .delete(files)
      .where(and(eq(files.applicantId, applicantId), inArray(files.id, ids)))
      .returning({ key: files.storageKey });
    const keys = rows.map((r) => r.key);
    if (keys.length)
      await tx
        .insert(fileWrites)
        .values(keys.map((storageKey) => ({ storageKey, startedAt: new Date(0) })))
        .onConflictDoNothing();
    return keys;
  },

  /**
   * Applications never signed, with no client code and no erasure request, whose record last
   * changed before `idleSince` (its row, a stage or a section) and that have no purge notice yet;
   * with that last change.
   */
  async abandonedWithoutNotice(tx: Tx, idleSince: Date, limit: number): Promise<{ id: string; lastChange: Date }[]> {
    const rows = await query<{ id: string; last_change: unknown }>(
      tx,
      sql`select id, last_change from (
          select a.id, ${lastChange} as last_change from applicants a
          where coalesce(a.client_code, '') = '' and not ${signedSql(sql`a.id`)}
            and not exists (select 1 from abandoned_purge_notices n where n.applicant_id = a.id)
            and not exists (select 1 from erasure_requests e where e.applicant_id = a.id)
        ) idle
        where last_change < ${idleSince.toISOString()}::timestamptz
        order by last_change limit ${limit}`,
    );
    return rows.map((r) => ({ id: r.id, lastChange: toDate(r.last_change) }));
  },

  async addNotice(tx: Tx, row: typeof abandonedPurgeNotices.$inferInsert): Promise<void> {
    await tx.insert(abandonedPurgeNotices).values(row).onConflictDoNothing();
  },

  /**
   * Notices whose date has come: `idle` when the record did not change since the notice was sent
   * (and it is still unsigned), else the applicant came back and the notice lapses.
   */
  async noticesDue(tx: Tx, now: Date, limit: number): Promise<{ id: string; idle: boolean }[]> {
    const rows = await query<{ id: string; idle: boolean }>(
      tx,
      sql`select n.applicant_id as id,
          (coalesce(a.client_code, '') = '' and not ${signedSql(sql`a.id`)}
           and ${lastChange} <= n.last_change_at) as idle
        from abandoned_purge_notices n join applicants a on a.id = n.applicant_id
        where n.purge_after <= ${now.toISOString()}::timestamptz
        order by n.purge_after limit ${limit}`,
    );
    return rows.map((r) => ({ id: r.id, idle: r.idle === true }));
  },

  async dropNotice(tx: Tx, applicantId: string): Promise<void> {
    await tx.delete(abandonedPurgeNotices).where(eq(abandonedPurgeNotices.applicantId, applicantId));
  },

  async notice(tx: Tx, applicantId: string) {
    const [row] = await tx
      .select()
      .from(abandonedPurgeNotices)
      .where(eq(abandonedPurgeNotices.applicantId, applicantId));
    return row;
  },

  async addBreach(tx: Tx, row: typeof dataBreaches.$inferInsert): Promise<BreachRow> {
    const [inserted] = await tx.insert(dataBreaches).values(row).returning();
    return inserted!;
  },

  async breaches(tx: Tx): Promise<BreachRow[]> {
    return tx.select().from(dataBreaches).orderBy(desc(dataBreaches.detectedAt));
  },

  async breach(tx: Tx, id: string): Promise<BreachRow | undefined> {
    const [row] = await tx.select().from(dataBreaches).where(eq(dataBreaches.id, id));
    return row;
  },

  async setBoardNotified(tx: Tx, id: string, at: Date): Promise<BreachRow | undefined> {
    const [row] = await tx
      .update(dataBreaches)
      .set({ boardNotifiedAt: at })
      .where(and(eq(dataBreaches.id, id), isNull(dataBreaches.boardNotifiedAt)))
      .returning();
    return row;
  },

  /**
   * The applicants a breach touches: those whose record existed during the window (created before
   * its end, not erased before it), or the listed ones that still exist. Sealed contacts; the
   * caller decrypts them.
   */
  async affected(
    tx: Tx,
    breach: BreachRow,
  ): Promise<{ id: string; mobileEnc: string; emailEnc: string | null; language: string; createdAt: Date }[]> {
    const columns = {
      id: applicants.id,
      mobileEnc: applicants.mobileEnc,
      emailEnc: applicants.emailEnc,
      language: applicants.language,
      createdAt: applicants.createdAt,
    };
    if (breach.selection.kind === 'applicants') {
      const ids = breach.selection.applicant_ids;
      if (!ids.length) return [];
      return tx.select(columns).from(applicants).where(inArray(applicants.id, ids)).orderBy(asc(applicants.createdAt));
    }
    const rows = await tx
      .select(columns)
      .from(applicants)
      .where(sql`${applicants.createdAt} <= ${breach.occurredTo.toISOString()}::timestamptz`)
      .orderBy(asc(applicants.createdAt));
    return rows.map((r) => ({ ...r, createdAt: toDate(r.createdAt) }));
  },

  /** A system entry on the applicant's chain of the audit log (the retention sweep). */
  async auditSystem(tx: Tx, applicantId: string, action: string, after: unknown): Promise<void> {
    await tx.execute(
      sql`select audit_append(${applicantId}, ${applicantId}::uuid, 'system', null::text, ${action}, null::integer,
        null::jsonb, ${JSON.stringify(after)}::jsonb)`,
    );
  },

  /** The breach's entries on the privacy chain of the hash-chained audit log. */
  async audit(tx: Tx, applicantId: string | null, staffId: string, action: string, after: unknown): Promise<void> {
    const chain = applicantId ?? 'privacy';
    await tx.execute(
      sql`select audit_append(${chain}, ${applicantId}::uuid, 'staff', ${staffId}, ${action}, null::integer,
        null::jsonb, ${JSON.stringify(after)}::jsonb)`,
    );
  },
};
