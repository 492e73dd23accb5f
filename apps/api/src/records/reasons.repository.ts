/**
 * The coded reasons as data (review_reasons, 2830_backoffice_flow.sql): each edit is a new version,
 * and a stored reason names the version it was sent with. Read by the back office (deciding,
 * closing, the admin's list) and by the applicant's status and messages, which show the text of
 * the version the applicant was sent.
 */
import type { ReasonPurpose } from '@ekyc/contracts/calls/backoffice-reasons';
import type { Language } from '@ekyc/contracts/constants';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { query, toDate, toNum } from '../db/raw.ts';

export interface ReasonRow {
  code: string;
  version: number;
  purpose: ReasonPurpose;
  stage: number | null;
  kind: 'reject' | 'info';
  texts: Record<Language, string>;
  active: boolean;
  changedAt: Date;
}

interface RawReason {
  code: string;
  version: unknown;
  purpose: ReasonPurpose;
  stage: unknown;
  kind: 'reject' | 'info';
  texts: unknown;
  active: boolean;
  changed_at: unknown;
}

const toRow = (r: RawReason): ReasonRow => ({
  code: r.code,
  version: toNum(r.version),
  purpose: r.purpose,
  stage: r.stage === null ? null : toNum(r.stage),
  kind: r.kind,
  texts: (typeof r.texts === 'string' ? JSON.parse(r.texts) : r.texts) as Record<Language, string>,
  active: r.active,
  changedAt: toDate(r.changed_at),
});

export const reasonsRepository = {
  /** The latest version of every reason, by code. */
  async current(tx: Tx): Promise<ReasonRow[]> {
    const rows = await query<RawReason>(
      tx,
      sql`select distinct on (code) code, version, purpose, stage, kind, texts, active, changed_at
          from review_reasons order by code, version desc`,
    );
    return rows.map(toRow);
  },
  async latest(tx: Tx, code: string): Promise<ReasonRow | undefined> {
    const [row] = await query<RawReason>(
      tx,
      sql`select code, version, purpose, stage, kind, texts, active, changed_at from review_reasons
          where code = ${code} order by version desc limit 1`,
    );
    return row && toRow(row);
  },
  async version(tx: Tx, code: string, version: number): Promise<ReasonRow | undefined> {
    const [row] = await query<RawReason>(
      tx,
      sql`select code, version, purpose, stage, kind, texts, active, changed_at from review_reasons
          where code = ${code} and version = ${version}`,
    );
    return row && toRow(row);
  },
  /** A new version of the reason (the first when the code is new); two editors at once: one waits. */
  async add(
    tx: Tx,
    staffId: string,
    r: Pick<ReasonRow, 'code' | 'purpose' | 'stage' | 'kind' | 'texts' | 'active'>,
  ): Promise<ReasonRow> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reason:${r.code}`}))`);
    const [row] = await query<RawReason>(
      tx,
      sql`insert into review_reasons (code, version, purpose, stage, kind, texts, active, changed_by)
          select ${r.code}, coalesce(max(version), 0) + 1, ${r.purpose}, ${r.stage}::integer, ${r.kind},
                 ${JSON.stringify(r.texts)}::jsonb, ${r.active}, ${staffId}::uuid
          from review_reasons where code = ${r.code}
          returning code, version, purpose, stage, kind, texts, active, changed_at`,
    );
    return toRow(row!);
  },
};
