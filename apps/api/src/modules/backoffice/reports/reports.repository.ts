/**
 * The reports' reads: the summary tables of 2846_review_reports.sql (review_decisions,
 * review_status_log) and the escalation holds (2940_review_holds.sql), kept from the audit trail as it is written, never the trail itself. Every
 * read is bounded by the period through the `at` indexes, and by one staff member when the viewer
 * sees only their own figures.
 */
import type { ApplicationStatus } from '@ekyc/contracts/calls/backoffice-queue';
import type { ReviewRole } from '@ekyc/contracts/calls/backoffice-reports';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { query, toDate, toNum, TZ } from '../../../db/raw.ts';

export interface ReportScope {
  days: number;
  /** Only this staff member's decisions (and the applications they decided). */
  staffId: string | null;
}

/** One application decision: a staff member's decisions on one application for one wait. */
export interface SittingRow {
  staffId: string;
  name: string;
  role: ReviewRole;
  applicantId: string;
  waitingFrom: Date;
  decidedAt: Date;
  stageDecisions: number;
  sentBack: boolean;
  /** The escalation holds overlapping the wait (review_holds): not the team's time. */
  holds: { from: Date; to: Date }[];
}

const since = (days: number) => sql`now() - make_interval(days => ${days}::int)`;
const mine = (alias: string, staffId: string | null): SQL =>
  staffId ? sql`and ${sql.raw(alias)}.staff_id = ${staffId}::uuid` : sql``;

export const reportsRepository = {
  /** When the summary tables were last written to (a decision or a status): the reports' version. */
  async lastWrite(tx: Tx): Promise<string> {
    const [row] = await query<{ d: unknown; s: unknown }>(
      tx,
      sql`select (select max(at) from review_decisions) as d, (select max(at) from review_status_log) as s`,
    );
    return `${String(row?.d ?? '')}/${String(row?.s ?? '')}`;
  },
  async sittings(tx: Tx, scope: ReportScope): Promise<SittingRow[]> {
    const rows = await query<{
      staff_id: string;
      name: string;
      role: ReviewRole;
      applicant_id: string;
      waiting_from: unknown;
      decided_at: unknown;
      n: unknown;
      sent_back: boolean;
      holds: [string, string][] | string | null;
    }>(
      tx,
      sql`with sat as (
            select d.staff_id, s.name, d.role, d.applicant_id, d.waiting_from, max(d.at) as decided_at, count(*) as n,
              bool_or(d.outcome = 'reject') as sent_back
            from review_decisions d join staff s on s.id = d.staff_id
            where d.at >= ${since(scope.days)} ${mine('d', scope.staffId)}
            group by d.staff_id, s.name, d.role, d.applicant_id, d.waiting_from)
          select sat.*, (select json_agg(json_build_array(h.held_at, coalesce(h.released_at, now())))
              from review_holds h where h.applicant_id = sat.applicant_id and h.held_at < sat.decided_at
                and (h.released_at is null or h.released_at > sat.waiting_from)) as holds
          from sat`,
    );
    return rows.map((r) => ({
      staffId: r.staff_id,
      name: r.name,
      role: r.role,
      applicantId: r.applicant_id,
      waitingFrom: toDate(r.waiting_from),
      decidedAt: toDate(r.decided_at),
      stageDecisions: toNum(r.n),
      sentBack: Boolean(r.sent_back),
      holds: (typeof r.holds === 'string' ? (JSON.parse(r.holds) as [string, string][]) : (r.holds ?? [])).map(
        ([from, to]) => ({ from: new Date(from), to: new Date(to) }),
      ),
    }));
  },

  /** Applications sent back per reason code per week (weeks start on Monday, IST). */
  async reasonsByWeek(tx: Tx, scope: ReportScope) {
    const rows = await query<{ week: string; code: string; n: unknown }>(
      tx,
      sql`select to_char(date_trunc('week', d.at at time zone ${TZ}), 'YYYY-MM-DD') as week, d.reason_code as code,
            count(distinct d.applicant_id) as n
          from review_decisions d
          where d.at >= ${since(scope.days)} and d.outcome = 'reject' and d.reason_code is not null
            ${mine('d', scope.staffId)}
          group by 1, 2 order by 1, 2`,
    );
    return rows.map((r) => ({ week: r.week, code: r.code, applications: toNum(r.n) }));
  },

  /** Applications confirmed in the period, and those of them never sent back. */
  async firstTimeRight(tx: Tx, scope: ReportScope) {
    const [row] = await query<{ approved: unknown; first_time: unknown }>(
      tx,
      sql`with confirmed as (
            select distinct c.applicant_id from review_decisions c
            where c.role = 'checker' and c.at >= ${since(scope.days)}
              ${
                scope.staffId
                  ? sql`and (c.staff_id = ${scope.staffId}::uuid or exists (select 1 from review_decisions m
                      where m.applicant_id = c.applicant_id and m.role = 'maker' and m.staff_id = ${scope.staffId}::uuid))`
                  : sql``
              })
          select count(*) as approved,
            count(*) filter (where not exists (select 1 from review_decisions r
              where r.applicant_id = confirmed.applicant_id and r.outcome = 'reject')) as first_time
          from confirmed`,
    );
    return { approved: toNum(row?.approved), firstTime: toNum(row?.first_time) };
  },

  /** Applications per maker (who accepted stages) and checker (who confirmed). */
  async pairs(tx: Tx, scope: ReportScope) {
    const rows = await query<{ maker_id: string; maker: string; checker_id: string; checker: string; n: unknown }>(
      tx,
      sql`select m.staff_id as maker_id, ms.name as maker, c.staff_id as checker_id, cs.name as checker,
            count(distinct c.applicant_id) as n
          from review_decisions c
          join review_decisions m on m.applicant_id = c.applicant_id and m.role = 'maker' and m.outcome = 'accept'
            and m.at <= c.at
          join staff ms on ms.id = m.staff_id join staff cs on cs.id = c.staff_id
          where c.role = 'checker' and c.at >= ${since(scope.days)}
            ${scope.staffId ? sql`and (c.staff_id = ${scope.staffId}::uuid or m.staff_id = ${scope.staffId}::uuid)` : sql``}
          group by 1, 2, 3, 4 order by n desc, maker, checker`,
    );
    return rows.map((r) => ({
      makerId: r.maker_id,
      maker: r.maker,
      checkerId: r.checker_id,
      checker: r.checker,
      applications: toNum(r.n),
    }));
  },

  /**
   * Time in each review status of the applications confirmed in the period (each status from when
   * it was taken until the next; none in Completed, where an application ends): the median hours
   * per status over those applications (none counting 0), and the hours per status of the `latest`
   * most recently approved. Aggregated in the database: only those figures travel.
   */
  async timeInStatus(tx: Tx, scope: ReportScope, latest: number) {
    const spans = sql`with confirmed as (
          select c.applicant_id from review_decisions c
          where c.role = 'checker' and c.at >= ${since(scope.days)} ${mine('c', scope.staffId)}
          group by c.applicant_id),
        spans as (
          select a.id as applicant_id, 'In progress' as status, a.created_at as at,
              (select min(l.at) from review_status_log l where l.applicant_id = a.id) as until
            from applicants a join confirmed on confirmed.applicant_id = a.id
          union all
          select l.applicant_id, l.status, l.at,
              coalesce(lead(l.at) over (partition by l.applicant_id order by l.at, l.audit_id), now()) as until
            from review_status_log l join confirmed on confirmed.applicant_id = l.applicant_id),
        approved as (select applicant_id, max(at) as approved_at from spans where status = 'Approved' group by applicant_id),
        hours as (
          select s.applicant_id, s.status, sum(extract(epoch from (s.until - s.at))) / 3600 as h
          from spans s join approved p on p.applicant_id = s.applicant_id
          where s.status <> 'Completed' and s.until is not null group by 1, 2)`;
    const [medians, rows] = await Promise.all([
      query<{ status: ApplicationStatus; median: unknown; n: unknown }>(
        tx,
        sql`${spans}
          select st.status, percentile_cont(0.5) within group (order by coalesce(h.h, 0)) as median, count(*) as n
          from approved p cross join (values ('Pending'), ('Approved'), ('Rejected'), ('In progress')) as st(status)
          left join hours h on h.applicant_id = p.applicant_id and h.status = st.status
          group by st.status`,
      ),
      query<{ applicant_id: string; approved_at: unknown; status: ApplicationStatus; h: unknown }>(
        tx,
        sql`${spans}, last as (select * from approved order by approved_at desc, applicant_id limit ${latest})
          select l.applicant_id, l.approved_at, h.status, h.h from last l left join hours h on h.applicant_id = l.applicant_id
          order by l.approved_at desc, l.applicant_id`,
      ),
    ]);
    return {
      medians: medians.map((m) => ({ status: m.status, medianHours: toNum(m.median), applications: toNum(m.n) })),
      rows: rows.map((r) => ({
        applicantId: r.applicant_id,
        approvedAt: toDate(r.approved_at),
        status: r.status as ApplicationStatus | null,
        hours: toNum(r.h),
      })),
    };
  },
};
