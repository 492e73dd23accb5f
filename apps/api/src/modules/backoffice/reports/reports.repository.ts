/**
 * The reports' reads, never the audit trail itself: the summary tables kept from it as it is
 * written (2846_review_reports.sql: review_decisions, review_status_log) and those kept from the
 * decisions in turn (2941_review_report_summaries.sql: review_sittings with each application
 * decision's working seconds less held time, review_pairs, review_confirmations; 2942:
 * review_status_times), and their tables per day (2990_review_report_days.sql: the per-person
 * counts per tenth of a working hour, the pairs and the confirmations per day). A period reads its
 * whole days from the day tables and its first, partial day from the per-decision rows; every read
 * is bounded by the period through an index, and by one staff member when the viewer sees only
 * their own figures; the aggregates (exact medians included) are taken in the database.
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
/**
 * A period read from the day tables (2990_review_report_days.sql, UTC days): its whole days from
 * them, its first, partial day from the per-decision rows, so that the figures are the exact period's.
 */
const fullDays = (column: string, days: number) => sql`${sql.raw(column)} > review_utc_day(${since(days)})`;
const firstDay = (column: string, days: number) =>
  sql`${sql.raw(column)} >= ${since(days)}
    and ${sql.raw(column)} < (review_utc_day(${since(days)}) + 1)::timestamp at time zone 'UTC'`;
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
      sql`with h as (
            select u.staff_id, u.role, u.tenths, sum(u.n) as n, sum(u.sd) as sd, sum(u.sb) as sb from (
              select d.staff_id, d.role, d.tenths, d.applications as n, d.stage_decisions as sd, d.sent_back as sb
              from review_turnaround_days d where ${fullDays('d.day', scope.days)} ${mine('d', scope.staffId)}
              union all
              select x.staff_id, x.role, review_tenths(x.working_seconds), 1, x.stage_decisions, x.sent_back::int
              from review_sittings x where ${firstDay('x.decided_at', scope.days)} ${mine('x', scope.staffId)}) u
            group by u.staff_id, u.role, u.tenths),
          c as (
            select h.*, sum(h.n) over (partition by h.staff_id, h.role order by h.tenths) - h.n as below,
              sum(h.n) over (partition by h.staff_id, h.role) as total
            from h)
          select c.staff_id, st.name, c.role, sum(c.n) as n, sum(c.sd) as decisions, sum(c.sb) as sent_back,
            (min(c.tenths) filter (where c.below <= (c.total - 1) / 2 and (c.total - 1) / 2 < c.below + c.n)
              + min(c.tenths) filter (where c.below <= c.total / 2 and c.total / 2 < c.below + c.n)) / 20.0 as median,
            coalesce(sum(c.n) filter (where c.tenths / 10.0 > ${slaHours}), 0) as breaches
          from c join staff st on st.id = c.staff_id group by c.staff_id, st.name, c.role`,
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

  /**
   * Applications confirmed in the period, and those of them never sent back: the team's from the
   * day table (review_confirmation_days), a staff member's from review_confirmations.
   */
  async firstTimeRight(tx: Tx, scope: ReportScope) {
    const [row] = await query<{ approved: unknown; first_time: unknown }>(
      tx,
      scope.staffId
        ? sql`select count(*) as approved, count(*) filter (where not c.sent_back) as first_time
            from review_confirmations c
            where c.confirmed_at >= ${since(scope.days)}
              and exists (select 1 from review_pairs p where p.applicant_id = c.applicant_id
                and (p.maker_id = ${scope.staffId}::uuid or p.checker_id = ${scope.staffId}::uuid))`
        : sql`select coalesce(sum(u.approved), 0) as approved, coalesce(sum(u.first_time), 0) as first_time from (
              select d.approved, d.first_time from review_confirmation_days d where ${fullDays('d.day', scope.days)}
              union all
              select 1, (not c.sent_back)::int from review_confirmations c
              where ${firstDay('c.confirmed_at', scope.days)}) u`,
    );
    return { approved: toNum(row?.approved), firstTime: toNum(row?.first_time) };
  },

  /**
   * Applications per maker (who accepted stages) and checker (who confirmed): review_pairs has one
   * row per application, maker and checker, counted per day of the confirmation in review_pair_days.
   */
  async pairs(tx: Tx, scope: ReportScope) {
    const theirs = (alias: string) =>
      scope.staffId
        ? sql`and (${sql.raw(alias)}.checker_id = ${scope.staffId}::uuid or ${sql.raw(alias)}.maker_id = ${scope.staffId}::uuid)`
        : sql``;
    const rows = await query<{ maker_id: string; maker: string; checker_id: string; checker: string; n: unknown }>(
      tx,
      sql`select p.maker_id, ms.name as maker, p.checker_id, cs.name as checker, sum(p.n) as n from (
            select d.maker_id, d.checker_id, d.applications as n from review_pair_days d
            where ${fullDays('d.day', scope.days)} ${theirs('d')}
            union all
            select x.maker_id, x.checker_id, 1 from review_pairs x
            where ${firstDay('x.confirmed_at', scope.days)} ${theirs('x')}) p
          join staff ms on ms.id = p.maker_id join staff cs on cs.id = p.checker_id
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
    // date_part gives a double: extract() gives a numeric, whose sums and sorts cost several times more
    const hours = (status: string, column: string) =>
      sql.raw(
        `(t.${column} + case when t.open_status = '${status}' then date_part('epoch', now() - t.open_since) else 0 end) / 3600`,
      );
    // the team's confirmed applications through review_status_times' copy of the confirmation
    // (2991), one index and no join; a checker's through their pairs
    const period = sql`t.approved_at is not null and ${
      scope.staffId
        ? sql`t.applicant_id in (select p.applicant_id from review_pairs p
            where p.checker_id = ${scope.staffId}::uuid and p.confirmed_at >= ${since(scope.days)})`
        : sql`t.confirmed_at >= ${since(scope.days)}`
    }`;
    type Hours = { pending: unknown; approved: unknown; rejected: unknown; in_progress: unknown; closed: unknown };
    const cols = [
      ['pending', 'Pending', 'pending_s'],
      ['approved', 'Approved', 'approved_s'],
      ['rejected', 'Rejected', 'rejected_s'],
      ['in_progress', 'In progress', 'in_progress_s'],
      ['closed', 'Closed', 'closed_s'],
    ] as const;
    // First the count and, per status, how many spent no time in it, from the stored columns alone
    // (never sent back, never closed: most applications); with the latest applications through the
    // index of approvals (3030).
    const [z] = await query<Record<string, unknown> & { n: unknown; latest: unknown }>(
      tx,
      sql`select count(*) as n, ${sql.join(
        cols.map(([c, status, column]) =>
          sql.raw(
            `count(*) filter (where t.${column} = 0 and t.open_status is distinct from '${status}') as ${c}_zeros,
             count(*) filter (where t.open_status = '${status}' and t.open_since > now()) as ${c}_negative`,
          ),
        ),
        sql`, `,
      )},
        (select coalesce(json_agg(l order by l.approved_at desc, l.applicant_id), '[]') from (
          select t.applicant_id, t.approved_at, ${sql.join(
            cols.map(([c, status, column]) => sql`${hours(status, column)} as ${sql.raw(c)}`),
            sql`, `,
          )}
          from review_status_times t where ${period}
          order by t.approved_at desc, t.applicant_id limit ${latest}) l) as latest
      from review_status_times t where ${period}`,
    );
    const n = toNum(z?.n);
    // Then the exact medians in one scan, of the statuses where at least half spent some time: where
    // more than half spent none and no figure is negative (a status opened later than now), the
    // median is 0 without sorting.
    const sorted = cols.filter(
      ([c]) => n > 0 && (toNum(z?.[`${c}_zeros`]) <= n / 2 || toNum(z?.[`${c}_negative`]) > 0),
    );
    const [medians] = sorted.length
      ? await query<Partial<Hours>>(
          tx,
          sql`select ${sql.join(
            sorted.map(
              ([c, status, column]) =>
                sql`percentile_cont(0.5) within group (order by ${hours(status, column)}) as ${sql.raw(c)}`,
            ),
            sql`, `,
          )} from review_status_times t where ${period}`,
        )
      : [{}];
    const m: (Hours & { n: unknown; latest: unknown }) | undefined = z && {
      n: z.n,
      latest: z.latest,
      ...(Object.fromEntries(cols.map(([c]) => [c, medians?.[c] ?? 0])) as Hours),
    };
    const latestRows = (typeof m?.latest === 'string' ? JSON.parse(m.latest) : (m?.latest ?? [])) as (Hours & {
      applicant_id: string;
      approved_at: unknown;
    })[];
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
      rows: latestRows.flatMap((r) =>
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
