/**
 * The screening tables (2910_screening.sql): the lists as imported, the hits found for an
 * application, its risk category, and the deceased flag. Raw SQL: array overlap and bulk inserts.
 */
import type {
  DeceasedStop,
  HitStatus,
  MatchedOn,
  RiskCategory,
  RiskFactor,
  ScreeningList,
  ScreeningStep,
} from '@ekyc/contracts/screening';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { preparedSql } from '../db/prepared.ts';
import { query, toDate, toNum } from '../db/raw.ts';

export interface EntryRow {
  list: ScreeningList;
  ref: string;
  name: string;
  nameTokens: string[];
  dob: string | null;
  panHash: string | null;
  details: Record<string, string>;
}

export interface StoredEntry {
  list: ScreeningList;
  ref: string;
  name: string;
  date_of_birth: string | null;
  details: Record<string, string>;
}

export interface HitRow {
  id: string;
  entry: StoredEntry;
  matchedOn: MatchedOn;
  score: number;
  foundAtStep: ScreeningStep;
  foundAt: Date;
  status: HitStatus;
  resolvedBy: string | null;
  resolvedAt: Date | null;
  noteEnc: string | null;
}

export interface RiskRow {
  category: RiskCategory;
  factors: RiskFactor[];
  ruleSet: string;
  assessedAt: Date;
}

export interface DeceasedRow {
  markedBy: string;
  markedAt: Date;
  stops: DeceasedStop[];
}

const BATCH = 500;
const textArray = (items: readonly string[]) => `{${items.map((i) => `"${i.replace(/["\\]/g, '')}"`).join(',')}}`;
const arrayOf = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : typeof v === 'string'
      ? v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];
const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

const toHit = (r: Record<string, unknown>): HitRow => ({
  id: String(r.id),
  entry: json<StoredEntry>(r.entry),
  matchedOn: r.matched_on as MatchedOn,
  score: toNum(r.score),
  foundAtStep: r.found_at_step as ScreeningStep,
  foundAt: toDate(r.found_at),
  status: r.status as HitStatus,
  resolvedBy: (r.resolved_by as string | null) ?? null,
  resolvedAt: r.resolved_at ? toDate(r.resolved_at) : null,
  noteEnc: (r.note_enc as string | null) ?? null,
});

export const screeningRepository = {
  /** One import of a list at a time, across processes (released with the transaction). */
  async lockList(tx: Tx, list: ScreeningList): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`screening-list:${list}`}))`);
  },

  async lastImport(tx: Tx, list: ScreeningList): Promise<{ importedAt: Date; digest: string } | undefined> {
    const [row] = await query<{ imported_at: unknown; digest: string }>(
      tx,
      sql`select imported_at, digest from screening_imports where list = ${list}`,
    );
    return row && { importedAt: toDate(row.imported_at), digest: row.digest };
  },

  /** Replaces a list's entries with those of the file just read (in the caller's transaction). */
  async replaceList(tx: Tx, list: ScreeningList, digest: string, at: Date, rows: EntryRow[]): Promise<void> {
    await tx.execute(sql`delete from screening_entries where list = ${list}`);
    for (let i = 0; i < rows.length; i += BATCH) {
      const batch = rows.slice(i, i + BATCH).map((r) => ({
        list: r.list,
        ref: r.ref,
        name: r.name,
        name_tokens: textArray(r.nameTokens),
        dob: r.dob,
        pan_hash: r.panHash,
        details: r.details,
      }));
      await tx.execute(
        sql`insert into screening_entries (list, ref, name, name_tokens, dob, pan_hash, details)
            select x.list, x.ref, x.name, x.name_tokens::text[], x.dob, x.pan_hash, x.details
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
              as x(list text, ref text, name text, name_tokens text, dob text, pan_hash text, details jsonb)`,
      );
    }
    await tx.execute(
      sql`insert into screening_imports (list, imported_at, entries, digest)
          values (${list}, ${at.toISOString()}::timestamptz, ${rows.length}, ${digest})
          on conflict (list) do update set imported_at = excluded.imported_at, entries = excluded.entries,
            digest = excluded.digest`,
    );
  },

  /** Marks a list checked now without re-importing it (its file did not change). */
  async touchImport(tx: Tx, list: ScreeningList, at: Date): Promise<void> {
    await tx.execute(
      sql`update screening_imports set imported_at = ${at.toISOString()}::timestamptz where list = ${list}`,
    );
  },

  async countEntries(tx: Tx, list: ScreeningList): Promise<number> {
    const [row] = await query<{ n: unknown }>(
      tx,
      sql`select count(*) as n from screening_entries where list = ${list}`,
    );
    return toNum(row?.n);
  },

  /** Entries of the lists sharing a name word with the applicant, or carrying the PAN. */
  async candidates(
    tx: Tx,
    lists: readonly ScreeningList[],
    tokens: string[],
    panHash: string | null,
  ): Promise<EntryRow[]> {
    if (!lists.length) return [];
    // no PAN: its comparison is null, and the name's overlap alone decides
    const rows = await preparedSql<Record<string, unknown>>(
      tx,
      'screening_candidates',
      () => sql`select list, ref, name, name_tokens, dob, pan_hash, details from screening_entries
          where list = any(${sql.placeholder('lists')}::text[])
            and (name_tokens && ${sql.placeholder('tokens')}::text[] or pan_hash = ${sql.placeholder('pan')}::text)`,
      { lists: textArray(lists), tokens: textArray(tokens), pan: panHash },
    );
    return rows.map((r) => ({
      list: r.list as ScreeningList,
      ref: String(r.ref),
      name: String(r.name),
      nameTokens: arrayOf(r.name_tokens),
      dob: (r.dob as string | null) ?? null,
      panHash: (r.pan_hash as string | null) ?? null,
      details: json<Record<string, string>>(r.details) ?? {},
    }));
  },

  /** A hit recorded once per application and entry: found again, it keeps its status. */
  async addHit(
    tx: Tx,
    applicantId: string,
    h: { entry: StoredEntry; matchedOn: MatchedOn; score: number; step: ScreeningStep },
  ): Promise<boolean> {
    const rows = await query(
      tx,
      sql`insert into screening_hits (applicant_id, list, entry_ref, entry, matched_on, score, found_at_step)
          values (${applicantId}::uuid, ${h.entry.list}, ${h.entry.ref}, ${JSON.stringify(h.entry)}::jsonb,
            ${h.matchedOn}, ${h.score}, ${h.step})
          on conflict (applicant_id, list, entry_ref) do nothing
          returning id`,
    );
    return rows.length > 0;
  },

  async hits(tx: Tx, applicantId: string): Promise<HitRow[]> {
    const rows = await query<Record<string, unknown>>(
      tx,
      sql`select * from screening_hits where applicant_id = ${applicantId}::uuid order by found_at, entry_ref`,
    );
    return rows.map(toHit);
  },

  async hit(tx: Tx, applicantId: string, hitId: string): Promise<HitRow | undefined> {
    const [row] = await query<Record<string, unknown>>(
      tx,
      sql`select * from screening_hits where applicant_id = ${applicantId}::uuid and id = ${hitId}::uuid for update`,
    );
    return row && toHit(row);
  },

  /** Hits that hold the approval: open, or confirmed as the listed person. */
  async unresolved(tx: Tx, applicantId: string): Promise<number> {
    const [row] = await query<{ n: unknown }>(
      tx,
      sql`select count(*) as n from screening_hits where applicant_id = ${applicantId}::uuid and status <> 'cleared'`,
    );
    return toNum(row?.n);
  },

  async resolve(tx: Tx, hitId: string, status: Exclude<HitStatus, 'open'>, by: string, at: Date, noteEnc: string) {
    await tx.execute(
      sql`update screening_hits set status = ${status}, resolved_by = ${by}::uuid,
            resolved_at = ${at.toISOString()}::timestamptz, note_enc = ${noteEnc}
          where id = ${hitId}::uuid`,
    );
  },

  async putRisk(tx: Tx, applicantId: string, r: RiskRow): Promise<void> {
    await tx.execute(
      sql`insert into screening_risk (applicant_id, category, factors, rule_set, assessed_at)
          values (${applicantId}::uuid, ${r.category}, ${textArray(r.factors)}::text[], ${r.ruleSet},
            ${r.assessedAt.toISOString()}::timestamptz)
          on conflict (applicant_id) do update set category = excluded.category, factors = excluded.factors,
            rule_set = excluded.rule_set, assessed_at = excluded.assessed_at`,
    );
  },

  async risk(tx: Tx, applicantId: string): Promise<RiskRow | undefined> {
    const [row] = await query<Record<string, unknown>>(
      tx,
      sql`select category, factors, rule_set, assessed_at from screening_risk where applicant_id = ${applicantId}::uuid`,
    );
    return (
      row && {
        category: row.category as RiskCategory,
        factors: arrayOf(row.factors) as RiskFactor[],
        ruleSet: String(row.rule_set),
        assessedAt: toDate(row.assessed_at),
      }
    );
  },

  /** Records the demise once; false when it was recorded already. */
  async markDeceased(tx: Tx, applicantId: string, d: DeceasedRow): Promise<boolean> {
    const rows = await query(
      tx,
      sql`insert into deceased_clients (applicant_id, marked_by, marked_at, stops)
          values (${applicantId}::uuid, ${d.markedBy}::uuid, ${d.markedAt.toISOString()}::timestamptz,
            ${textArray(d.stops)}::text[])
          on conflict (applicant_id) do nothing
          returning applicant_id`,
    );
    return rows.length > 0;
  },

  async deceased(tx: Tx, applicantId: string): Promise<DeceasedRow | undefined> {
    const [row] = await query<Record<string, unknown>>(
      tx,
      sql`select marked_by, marked_at, stops from deceased_clients where applicant_id = ${applicantId}::uuid`,
    );
    return (
      row && {
        markedBy: String(row.marked_by),
        markedAt: toDate(row.marked_at),
        stops: arrayOf(row.stops) as DeceasedStop[],
      }
    );
  },
};
