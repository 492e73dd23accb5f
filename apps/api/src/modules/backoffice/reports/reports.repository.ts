/**
 * The reports' reads, never the audit trail itself: the summary tables kept from it as it is
 * written (2846_review_reports.sql: review_decisions, review_status_log) and those kept from the
 * decisions in turn (2941_review_report_summaries.sql: review_sittings with each application
 * decision's working seconds less held time, review_pairs, review_confirmations; 2942:
 * review_status_times). Every read is bounded by the period through a time index, and by one
 * staff member when the viewer sees only their own figures; the aggregates (medians included) are
 * taken in the database.
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

/** A staff member's figures in one role: application decisions, stage decisions, sent back, turnaround. */
export interface PersonRow {
  staffId: string;
  name: string;
  role: ReviewRole;
  applications: number;
  stageDecisions: number;
  sentBack: number;
  /** The median of the application decisions' working hours (each to a tenth), less held time. */
  medianHours: number | null;
  breaches: number;
}

/** An application decision that took longer than the SLA in working hours. */
export interface BreachRow {
  applicantId: string;
  staffId: string;
  name: string;
  role: ReviewRole;
  waitingFrom: Date;
  decidedAt: Date;
  workingHours: number;
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
  /**
   * Per staff member and role, from review_sittings (one row per application decision, its working
   * seconds kept as it was written, held time left out): only the figures travel.
   */
  async people(tx: Tx, scope: ReportScope, slaHours: number): Promise<PersonRow[]> {
    const rows = await query<{
      staff_id: string;
      name: string;
      role: ReviewRole;
      n: unknown;
      decisions: unknown;
      sent_back: unknown;
      median: unknown;
      breaches: unknown;
    }>(
      tx,
      sql`with s as (
            select x.staff_id, x.role, x.stage_decisions, x.sent_back, round(x.working_seconds / 360.0) / 10 as h
            from review_sittings x where x.decided_at >= ${since(scope.days)} ${mine('x', scope.staffId)})
          select s.staff_id, st.name, s.role, count(*) as n, sum(s.stage_decisions) as decisions,
            count(*) filter (where s.sent_back) as sent_back, percentile_cont(0.5) within group (order by s.h) as median,
            count(*) filter (where s.h > ${slaHours}) as breaches
          from s join staff st on st.id = s.staff_id group by s.staff_id, st.name, s.role`,
    );
    return rows.map((r) => ({
      staffId: r.staff_id,
      name: r.name,
      role: r.role,
      applications: toNum(r.n),
      stageDecisions: toNum(r.decisions),
      sentBack: toNum(r.sent_back),
      medianHours: r.median === null ? null : Math.round(toNum(r.median) * 100) / 100,
      breaches: toNum(r.breaches),
    }));
  },

  /** The application decisions over the SLA, longest first (at most `limit`). */
  async breaches(tx: Tx, scope: ReportScope, slaHours: number, limit: number): Promise<BreachRow[]> {
    const rows = await query<{
      applicant_id: string;
      staff_id: string;
      name: string;
      role: ReviewRole;
      waiting_from: unknown;
      decided_at: unknown;
      h: unknown;
    }>(
      tx,
      sql`select x.applicant_id, x.staff_id, st.name, x.role, x.waiting_from, x.decided_at,
            round(x.working_seconds / 360.0) / 10 as h
          from review_sittings x join staff st on st.id = x.staff_id
          where x.decided_at >= ${since(scope.days)} ${mine('x', scope.staffId)}
            and x.working_seconds > ${Math.round(slaHours * 3600)}
            and round(x.working_seconds / 360.0) / 10 > ${slaHours}
          order by x.working_seconds desc, x.decided_at, x.applicant_id limit ${limit}`,
    );
    return rows.map((r) => ({
      applicantId: r.applicant_id,
      staffId: r.staff_id,
      name: r.name,
      role: r.role,
      waitingFrom: toDate(r.waiting_from),
      decidedAt: toDate(r.decided_at),
      workingHours: toNum(r.h),
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

  /** Applications confirmed in the period, and those of them never sent back (review_confirmations). */
  async firstTimeRight(tx: Tx, scope: ReportScope) {
    const [row] = await query<{ approved: unknown; first_time: unknown }>(
      tx,
      sql`select count(*) as approved, count(*) filter (where not c.sent_back) as first_time
          from review_confirmations c
          where c.confirmed_at >= ${since(scope.days)}
            ${
              scope.staffId
                ? sql`and exists (select 1 from review_pairs p where p.applicant_id = c.applicant_id
                    and (p.maker_id = ${scope.staffId}::uuid or p.checker_id = ${scope.staffId}::uuid))`
                : sql``
            }`,
    );
    return { approved: toNum(row?.approved), firstTime: toNum(row?.first_time) };
  },

  /** Applications per maker (who accepted stages) and checker (who confirmed), from review_pairs. */
  async pairs(tx: Tx, scope: ReportScope) {
    const rows = await query<{ maker_id: string; maker: string; checker_id: string; checker: string; n: unknown }>(
      tx,
      sql`select p.maker_id, ms.name as maker, p.checker_id, cs.name as checker, count(distinct p.applicant_id) as n
          from review_pairs p join staff ms on ms.id = p.maker_id join staff cs on cs.id = p.checker_id
          where p.confirmed_at >= ${since(scope.days)}
            ${scope.staffId ? sql`and (p.checker_id = ${scope.staffId}::uuid or p.maker_id = ${scope.staffId}::uuid)` : sql``}
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
   * Time in each review status of the applications confirmed in the period (review_status_times:
   * the seconds of each status left, and the open one until now; none in Completed, where an
   * application ends): the median hours per status over those applications, and the hours per
   * status of the `latest` most recently approved. One short row per application, aggregated in
   * the database: only those figures travel.
   */
  async timeInStatus(tx: Tx, scope: ReportScope, latest: number) {
    const open = (status: string) =>
      sql.raw(`case when t.open_status = '${status}' then extract(epoch from now() - t.open_since) else 0 end`);
    const times = sql`with confirmed as (${
      scope.staffId
        ? sql`select distinct p.applicant_id from review_pairs p
            where p.checker_id = ${scope.staffId}::uuid and p.confirmed_at >= ${since(scope.days)}`
        : sql`select c.applicant_id from review_confirmations c where c.confirmed_at >= ${since(scope.days)}`
    }),
        t as (
          select t.applicant_id, t.approved_at,
            (t.pending_s + ${open('Pending')}) / 3600 as pending, (t.approved_s + ${open('Approved')}) / 3600 as approved,
            (t.rejected_s + ${open('Rejected')}) / 3600 as rejected,
            (t.in_progress_s + ${open('In progress')}) / 3600 as in_progress, (t.closed_s + ${open('Closed')}) / 3600 as closed
          from review_status_times t join confirmed c on c.applicant_id = t.applicant_id
          where t.approved_at is not null)`;
    type Hours = { pending: unknown; approved: unknown; rejected: unknown; in_progress: unknown; closed: unknown };
    const [[m], rows] = await Promise.all([
      query<Hours & { n: unknown }>(
        tx,
        sql`${times} select count(*) as n, percentile_cont(0.5) within group (order by pending) as pending,
            percentile_cont(0.5) within group (order by approved) as approved,
            percentile_cont(0.5) within group (order by rejected) as rejected,
            percentile_cont(0.5) within group (order by in_progress) as in_progress,
            percentile_cont(0.5) within group (order by closed) as closed
          from t`,
      ),
      query<Hours & { applicant_id: string; approved_at: unknown }>(
        tx,
        sql`${times} select * from t order by approved_at desc, applicant_id limit ${latest}`,
      ),
    ]);
    const byStatus = (h: Hours): [ApplicationStatus, unknown][] => [
      ['Pending', h.pending],
      ['Approved', h.approved],
      ['Rejected', h.rejected],
      ['In progress', h.in_progress],
      ['Closed', h.closed],
    ];
    return {
      medians: m
        ? byStatus(m).map(([status, median]) => ({ status, medianHours: toNum(median), applications: toNum(m.n) }))
        : [],
      rows: rows.flatMap((r) =>
        byStatus(r).map(([status, hours]) => ({
          applicantId: r.applicant_id,
          approvedAt: toDate(r.approved_at),
          status: status as ApplicationStatus | null,
          hours: toNum(hours),
        })),
      ),
    };
  },
};
