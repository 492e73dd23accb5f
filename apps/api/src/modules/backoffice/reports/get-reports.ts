/**
 * The review team's reports over the last days: per maker and checker the applications decided
 * (one per application and wait, however many stages), the turnaround in working hours and the SLA
 * breaches (less the time on an escalation hold); reasons for sending back by code per week; the
 * first-time-right rate; who confirmed whose work; and the time the confirmed applications spent
 * in each review status. A supervisor or administrator sees the team's figures, anyone else their
 * own (seesTeamFigures). The working hours are counted as each decision is written
 * (2941_review_report_summaries.sql), so a report computed afresh aggregates in the database.
 */
import { APPLICATION_STATUSES, type ApplicationStatus } from '@ekyc/contracts/calls/backoffice-queue';
import type { ReportsData } from '@ekyc/contracts/calls/backoffice-reports';
import type { BackofficeDeps } from '../deps.ts';
import type { StaffRow } from '../../../auth/staff.repository.ts';
import { reportsRepository as repo, type ReportScope } from './reports.repository.ts';
import { seesTeamFigures } from './sees-team-figures.ts';

const MAX_BREACHES = 100;
/**
 * A report is kept, per viewer's scope and period, until a decision or a status is written (the
 * summary tables' latest time, read through their indexes) and a minute at most: a team opening
 * the page together, or switching periods back and forth, reads the summary tables once.
 */
const REPORT_TTL_MS = 60_000;
const caches = new WeakMap<object, Map<string, { at: number; data: Promise<ReportsData> }>>();
const MAX_STATE_ROWS = 50;
export async function getReports(
  deps: Pick<BackofficeDeps, 'database' | 'config'>,
  viewer: Pick<StaffRow, 'id' | 'role'>,
  days: number,
): Promise<ReportsData> {
  const team = seesTeamFigures([viewer.role]);
  const scope: ReportScope = { days, staffId: team ? null : viewer.id };
  let cache = caches.get(deps.database);
  if (!cache) caches.set(deps.database, (cache = new Map()));
  const key = `${scope.staffId ?? 'team'}:${days}:${await repo.lastWrite(deps.database.db)}`;
  const kept = cache.get(key);
  if (kept && Date.now() - kept.at < REPORT_TTL_MS) return kept.data;
  if (cache.size > 500) cache.clear();
  const data = computeReports(deps, scope);
  cache.set(key, { at: Date.now(), data });
  // a failure is not kept
  data.catch(() => cache.delete(key));
  return data;
}

/** The reports computed afresh (getReports keeps them; the benchmark times this). */
export async function computeReports(
  deps: Pick<BackofficeDeps, 'database' | 'config'>,
  scope: ReportScope,
): Promise<ReportsData> {
  const { days } = scope;
  const team = scope.staffId === null;
  const db = deps.database.db;
  const sla = deps.config.backoffice.slaWorkingHours;
  const [people, breaches, reasons, ftr, pairs, states] = await Promise.all([
    repo.people(db, scope, sla),
    repo.breaches(db, scope, sla, MAX_BREACHES),
    repo.reasonsByWeek(db, scope),
    repo.firstTimeRight(db, scope),
    repo.pairs(db, scope),
    repo.timeInStatus(db, scope, MAX_STATE_ROWS),
  ]);

  // time in each status of the most recently confirmed applications, one row each
  const perApplication = new Map<string, { hours: Record<ApplicationStatus, number>; approvedAt: Date }>();
  for (const r of states.rows) {
    let entry = perApplication.get(r.applicantId);
    if (!entry)
      perApplication.set(
        r.applicantId,
        (entry = {
          hours: Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as Record<ApplicationStatus, number>,
          approvedAt: r.approvedAt,
        }),
      );
    if (r.status) entry.hours[r.status] = Math.round(r.hours * 10) / 10;
  }
  const medianOf = new Map(states.medians.map((m) => [m.status, m]));

  return {
    days,
    scope: team ? 'team' : 'own',
    sla_working_hours: sla,
    people: people
      .map((p) => ({
        staff_id: p.staffId,
        name: p.name,
        role: p.role,
        applications: p.applications,
        stage_decisions: p.stageDecisions,
        sent_back: p.sentBack,
        median_working_hours: p.medianHours,
        breaches: p.breaches,
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.role.localeCompare(b.role)),
    breaches: breaches.map((b) => ({
      applicant_id: b.applicantId,
      staff_id: b.staffId,
      name: b.name,
      role: b.role,
      waiting_from: b.waitingFrom.toISOString(),
      decided_at: b.decidedAt.toISOString(),
      working_hours: b.workingHours,
    })),
    reasons,
    first_time_right: {
      approved: ftr.approved,
      first_time: ftr.firstTime,
      rate: ftr.approved ? Math.round((ftr.firstTime / ftr.approved) * 1000) / 10 : null,
    },
    pairs: pairs.map((p) => ({
      maker_id: p.makerId,
      maker: p.maker,
      checker_id: p.checkerId,
      checker: p.checker,
      applications: p.applications,
    })),
    states: {
      medians: APPLICATION_STATUSES.filter((s) => s !== 'Completed').map((status) => ({
        status,
        median_hours: Math.round((medianOf.get(status)?.medianHours ?? 0) * 10) / 10,
        applications: medianOf.get(status)?.applications ?? 0,
      })),
      applications: [...perApplication.entries()].map(([id, e]) => ({
        id,
        approved_at: e.approvedAt.toISOString(),
        hours: e.hours,
      })),
    },
  };
}
