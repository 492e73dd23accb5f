/**
 * The review team's reports over the last days: per maker and checker the applications decided
 * (one per application and wait, however many stages), the turnaround in working hours and the SLA
 * breaches (less the time on an escalation hold); reasons for sending back by code per week; the first-time-right rate; who confirmed
 * whose work; and the time the confirmed applications spent in each review status. An
 * supervisor or administrator sees the team's figures, anyone else their own (seesTeamFigures).
 */
import { APPLICATION_STATUSES, type ApplicationStatus } from '@ekyc/contracts/calls/backoffice-queue';
import type { ReportsData } from '@ekyc/contracts/calls/backoffice-reports';
import { workingSecondsBetween } from '@ekyc/contracts/working-hours';
import type { BackofficeDeps } from '../deps.ts';
import type { StaffRow } from '../../../auth/staff.repository.ts';
import { reportsRepository as repo, type ReportScope, type SittingRow } from './reports.repository.ts';
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
const hours = (seconds: number) => Math.round((seconds / 3600) * 10) / 10;

function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The working seconds from the wait's start to the decision, less those the application spent on
 * an escalation hold: waiting for a hold's release is not the team's time.
 */
export function turnaroundSeconds(s: Pick<SittingRow, 'waitingFrom' | 'decidedAt' | 'holds'>): number {
  let seconds = workingSecondsBetween(s.waitingFrom, s.decidedAt);
  for (const h of s.holds) {
    const from = Math.max(h.from.getTime(), s.waitingFrom.getTime());
    const to = Math.min(h.to.getTime(), s.decidedAt.getTime());
    if (to > from) seconds -= workingSecondsBetween(new Date(from), new Date(to));
  }
  return Math.max(0, seconds);
}

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
  const [sittings, reasons, ftr, pairs, states] = await Promise.all([
    repo.sittings(db, scope),
    repo.reasonsByWeek(db, scope),
    repo.firstTimeRight(db, scope),
    repo.pairs(db, scope),
    repo.timeInStatus(db, scope, MAX_STATE_ROWS),
  ]);

  // per staff member and role
  const people = new Map<string, ReportsData['people'][number] & { turnarounds: number[] }>();
  const breaches: ReportsData['breaches'] = [];
  for (const s of sittings) {
    const key = `${s.staffId}:${s.role}`;
    let person = people.get(key);
    if (!person)
      people.set(
        key,
        (person = {
          staff_id: s.staffId,
          name: s.name,
          role: s.role,
          applications: 0,
          stage_decisions: 0,
          sent_back: 0,
          median_working_hours: null,
          breaches: 0,
          turnarounds: [],
        }),
      );
    const worked = hours(turnaroundSeconds(s));
    person.applications += 1;
    person.stage_decisions += s.stageDecisions;
    if (s.sentBack) person.sent_back += 1;
    person.turnarounds.push(worked);
    if (worked > sla) {
      person.breaches += 1;
      breaches.push({
        applicant_id: s.applicantId,
        staff_id: s.staffId,
        name: s.name,
        role: s.role,
        waiting_from: s.waitingFrom.toISOString(),
        decided_at: s.decidedAt.toISOString(),
        working_hours: worked,
      });
    }
  }

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
    people: [...people.values()]
      .map(({ turnarounds, ...p }) => ({ ...p, median_working_hours: median(turnarounds) }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.role.localeCompare(b.role)),
    breaches: breaches.sort((a, b) => b.working_hours - a.working_hours).slice(0, MAX_BREACHES),
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
