/**
 * The operations team's tables (1000_backoffice_operations.sql): the queue read from
 * application_standing, claims on applications, the blind index of search terms, and the figures
 * of the team page. The core applicant tables are only read here.
 */
import type { ApplicationStatus, QueueSort } from '@ekyc/contracts/calls/backoffice-queue';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { QueueRow } from './standing.repository.ts';
import { query, toDate, toNum, TZ } from '../../db/raw.ts';

export interface ClaimRow {
  applicantId: string;
  staffId: string;
  staffName: string;
  assignedBy: string | null;
  claimedAt: Date;
  lastActiveAt: Date;
}

export interface QueueFilters {
  from?: string;
  to?: string;
  utmSource?: string;
  status?: ApplicationStatus;
  stage?: number;
  /** Claims: a staff id, or 'unassigned'. */
  holder?: string;
  /** Search: keyed hashes of the terms (every one must match), or a client-code prefix. */
  termHashes?: string[];
  clientCodePrefix?: string;
  /** Search: what names one application exactly (search/exact-search.ts). */
  applicantId?: string;
  emailHash?: string;
  boId?: string;
  /** Restrict to these applicants. */
  ids?: string[];
  idleMinutes: number;
}

export interface QueueListRow extends QueueRow {
  claimStaffId: string | null;
  claimStaffName: string | null;
}

const SORT_COLUMN: Record<QueueSort, SQL> = {
  waiting: sql.raw('st.since'),
  created: sql.raw('st.created_at'),
  stage: sql.raw('st.stage'),
  status: sql.raw('st.status'),
  client_code: sql.raw('a.client_code'),
  reviewer: sql.raw('h.name'),
};

function claimJoin(idleMinutes: number): SQL {
  return sql`left join backoffice_claims c on c.applicant_id = st.applicant_id
    and c.last_active_at > now() - make_interval(mins => ${idleMinutes}::int)
    left join staff h on h.id = c.staff_id`;
}

function where(f: QueueFilters, withStatus: boolean): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.from) parts.push(sql`st.created_at >= (${f.from}::date::timestamp at time zone ${TZ})`);
  if (f.to) parts.push(sql`st.created_at < ((${f.to}::date + 1)::timestamp at time zone ${TZ})`);
  if (f.utmSource) parts.push(sql`a.utm_source = ${f.utmSource}`);
  if (f.stage) parts.push(sql`st.stage = ${f.stage}`);
  if (withStatus && f.status) parts.push(sql`st.status = ${f.status}`);
  if (f.holder === 'unassigned') parts.push(sql`c.applicant_id is null`);
  else if (f.holder) parts.push(sql`c.staff_id = ${f.holder}::uuid`);
  if (f.ids) parts.push(f.ids.length ? sql`st.applicant_id in ${f.ids}` : sql`false`);
  // Search: the matching ids first (every term of a name, or digits, or a PAN), then the queue.
  const search: SQL[] = [];
  if (f.termHashes?.length) {
    const hashes = [...new Set(f.termHashes)];
    search.push(
      hashes.length === 1
        ? sql`select t.applicant_id from backoffice_search_terms t where t.term_hash = ${hashes[0]}`
        : sql`select t.applicant_id from backoffice_search_terms t where t.term_hash in ${hashes}
              group by t.applicant_id having count(*) = ${hashes.length}`,
    );
  }
  if (f.clientCodePrefix)
    search.push(sql`select p.id from applicants p where p.client_code like ${`${f.clientCodePrefix}%`}`);
  if (f.applicantId) search.push(sql`select p.id from applicants p where p.id = ${f.applicantId}::uuid`);
  if (f.emailHash) search.push(sql`select p.id from applicants p where p.email_hash = ${f.emailHash}`);
  if (f.boId) search.push(sql`select r.applicant_id from registration_cases r where r.bo_id = ${f.boId}`);
  if (f.termHashes || f.clientCodePrefix || f.applicantId || f.emailHash || f.boId)
    parts.push(search.length ? sql`st.applicant_id in (${sql.join(search, sql` union `)})` : sql`false`);
  return sql.join(parts, sql` and `);
}

interface RawRow {
  id: string;
  created_at: unknown;
  utm_source: string | null;
  utm_campaign: string | null;
  refcode: string | null;
  client_code: string | null;
  mobile_enc: string;
  stage: unknown;
  since: unknown;
  status: ApplicationStatus;
  claim_staff_id: string | null;
  claim_staff_name: string | null;
}

export const operationsRepository = {
  // ----- queue -----
  async queue(
    tx: Tx,
    f: QueueFilters & {
      sort: QueueSort;
      dir: 'asc' | 'desc';
      limit: number;
      offset: number;
      /** Counts per status of the same filters, taken a moment ago (list-applications.ts). */
      cachedCounts?: Record<ApplicationStatus, number>;
    },
  ): Promise<{ rows: QueueListRow[]; total: number; counts: Record<ApplicationStatus, number> }> {
    const dir = sql.raw(f.dir === 'desc' ? 'desc' : 'asc');
    const from = sql`from application_standing st join applicants a on a.id = st.applicant_id ${claimJoin(f.idleMinutes)}`;
    // The counts read only the tables a filter needs (100,000 rows joined for nothing cost tens of ms).
    const needsApplicant = Boolean(f.utmSource);
    const countFrom = sql`from application_standing st
      ${needsApplicant ? sql`join applicants a on a.id = st.applicant_id` : sql``}
      ${f.holder ? claimJoin(f.idleMinutes) : sql``}`;
    const rows = await query<RawRow>(
      tx,
      sql`select st.applicant_id as id, st.created_at, a.utm_source, a.utm_campaign, a.refcode, a.client_code,
            a.mobile_enc, st.stage, st.since, st.status, c.staff_id as claim_staff_id, h.name as claim_staff_name
          ${from} where ${where(f, true)}
          order by ${SORT_COLUMN[f.sort]} ${dir}, st.applicant_id ${dir} limit ${f.limit} offset ${f.offset}`,
    );
    const counts =
      f.cachedCounts ??
      (await (async () => {
        const countRows = await query<{ status: ApplicationStatus; n: unknown }>(
          tx,
          sql`select st.status, count(*) as n ${countFrom} where ${where(f, false)} group by st.status`,
        );
        const out: Record<ApplicationStatus, number> = {
          Pending: 0,
          Approved: 0,
          Rejected: 0,
          Completed: 0,
          'In progress': 0,
          Closed: 0,
        };
        for (const c of countRows) out[c.status] = toNum(c.n);
        return out;
      })());
    const total = f.status ? counts[f.status] : Object.values(counts).reduce((a, b) => a + b, 0);
    return {
      rows: rows.map((r) => ({
        id: r.id,
        createdAt: toDate(r.created_at),
        utmSource: r.utm_source,
        utmCampaign: r.utm_campaign,
        refcode: r.refcode,
        clientCode: r.client_code,
        mobileEnc: r.mobile_enc,
        stage: toNum(r.stage),
        since: toDate(r.since),
        status: r.status,
        claimStaffId: r.claim_staff_id,
        claimStaffName: r.claim_staff_name,
      })),
      total,
      counts,
    };
  },

  /** The oldest-waiting application awaiting a decision that nobody else holds (after `exceptId`). */
  async nextPending(tx: Tx, staffId: string, exceptId: string | null, idleMinutes: number): Promise<string | null> {
    const [row] = await query<{ id: string }>(
      tx,
      sql`select st.applicant_id as id from application_standing st ${claimJoin(idleMinutes)}
          where st.status = 'Pending' and (c.applicant_id is null or c.staff_id = ${staffId}::uuid)
            ${exceptId ? sql`and st.applicant_id <> ${exceptId}::uuid` : sql``}
          order by st.since, st.applicant_id limit 1`,
    );
    return row?.id ?? null;
  },

  // ----- claims -----
  async claimOf(tx: Tx, applicantId: string): Promise<ClaimRow | undefined> {
    const [row] = await query<{
      applicant_id: string;
      staff_id: string;
      name: string;
      assigned_by: string | null;
      claimed_at: unknown;
      last_active_at: unknown;
    }>(
      tx,
      sql`select c.applicant_id, c.staff_id, s.name, c.assigned_by, c.claimed_at, c.last_active_at
          from backoffice_claims c join staff s on s.id = c.staff_id where c.applicant_id = ${applicantId}::uuid`,
    );
    return row
      ? {
          applicantId: row.applicant_id,
          staffId: row.staff_id,
          staffName: row.name,
          assignedBy: row.assigned_by,
          claimedAt: toDate(row.claimed_at),
          lastActiveAt: toDate(row.last_active_at),
        }
      : undefined;
  },
  /** Serialises claims on one application for the rest of the transaction. */
  async lockClaim(tx: Tx, applicantId: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`claim:${applicantId}`}))`);
  },
  async putClaim(tx: Tx, applicantId: string, staffId: string, assignedBy: string | null): Promise<void> {
    await tx.execute(
      sql`insert into backoffice_claims (applicant_id, staff_id, assigned_by, claimed_at, last_active_at)
          values (${applicantId}::uuid, ${staffId}::uuid, ${assignedBy}::uuid, now(), now())
          on conflict (applicant_id) do update set staff_id = excluded.staff_id, assigned_by = excluded.assigned_by,
            claimed_at = now(), last_active_at = now()`,
    );
  },
  async touchClaim(tx: Tx, applicantId: string, staffId: string): Promise<void> {
    await tx.execute(
      sql`update backoffice_claims set last_active_at = now()
          where applicant_id = ${applicantId}::uuid and staff_id = ${staffId}::uuid`,
    );
  },
  /**
   * A decision's start in one call (backoffice_take_for_decision): the claim's lock (lockClaim's),
   * the claim taken or kept alive, the staff member the actor of what the transaction writes, the
   * applicant's row locked; or, when another staff member's claim is current, nothing but its holder.
   */
  async takeForDecision(
    tx: Tx,
    applicantId: string,
    staffId: string,
    idleMinutes: number,
  ): Promise<Pick<ClaimRow, 'staffId' | 'staffName'> | undefined> {
    const [row] = await query<{ holder_id: string; holder_name: string }>(
      tx,
      sql`select holder_id, holder_name from backoffice_take_for_decision(${`claim:${applicantId}`},
            ${applicantId}::uuid, ${staffId}::uuid, ${idleMinutes}::integer)`,
    );
    return row ? { staffId: row.holder_id, staffName: row.holder_name } : undefined;
  },
  async dropClaim(tx: Tx, applicantId: string): Promise<void> {
    await tx.execute(sql`delete from backoffice_claims where applicant_id = ${applicantId}::uuid`);
  },

  // ----- search terms -----
  async dirtySearchApplicants(tx: Tx, limit: number): Promise<{ id: string; mobileEnc: string }[]> {
    const rows = await query<{ id: string; mobile_enc: string }>(
      tx,
      sql`select a.id, a.mobile_enc from backoffice_search_dirty d join applicants a on a.id = d.applicant_id
          limit ${limit}`,
    );
    return rows.map((r) => ({ id: r.id, mobileEnc: r.mobile_enc }));
  },
  async putSearchTerms(tx: Tx, applicantId: string, hashes: string[]): Promise<void> {
    await tx.execute(sql`delete from backoffice_search_terms where applicant_id = ${applicantId}::uuid`);
    if (hashes.length) {
      const values = sql.join(
        [...new Set(hashes)].map((h) => sql`(${applicantId}::uuid, ${h})`),
        sql`, `,
      );
      await tx.execute(sql`insert into backoffice_search_terms (applicant_id, term_hash) values ${values}`);
    }
    await tx.execute(sql`delete from backoffice_search_dirty where applicant_id = ${applicantId}::uuid`);
  },

  // ----- team figures -----
  /**
   * Stage decisions per staff member per day (IST), and the median seconds from the application
   * reaching review (the final stage) to each decision.
   */
  async decisionsPerDay(tx: Tx, days: number) {
    const rows = await query<{ day: string; staff_id: string; name: string; n: unknown; median: unknown }>(
      tx,
      sql`select to_char(l.at at time zone ${TZ}, 'YYYY-MM-DD') as day, s.id as staff_id, s.name,
            count(*) as n,
            percentile_cont(0.5) within group (order by extract(epoch from (l.at - f.created_at))) as median
          from audit_log l join staff s on s.id::text = l.actor_id
          left join applicant_stages f on f.applicant_id = l.applicant_id and f.stage = 220
          where l.action = 'stage.activity' and l.actor_kind = 'staff' and l.stage < 220
            and l.at >= now() - make_interval(days => ${days}::int)
          group by 1, 2, 3 order by 1, 3`,
    );
    return rows.map((r) => ({
      day: r.day,
      staffId: r.staff_id,
      name: r.name,
      decisions: toNum(r.n),
      medianSeconds: r.median === null ? null : Math.max(0, Number(r.median)),
    }));
  },
  /** Applications waiting for a decision, bucketed by waiting age (hours). */
  async queueAges(tx: Tx): Promise<{ bucket: string; n: number }[]> {
    const rows = await query<{ bucket: string; n: unknown }>(
      tx,
      sql`select case when age < 1 then '<1h' when age < 4 then '1-4h' when age < 24 then '4-24h'
                      when age < 72 then '1-3d' else '>3d' end as bucket, count(*) as n
          from (select extract(epoch from (now() - since)) / 3600 as age from application_standing
                where status = 'Pending') x group by 1`,
    );
    return rows.map((r) => ({ bucket: r.bucket, n: toNum(r.n) }));
  },
};
