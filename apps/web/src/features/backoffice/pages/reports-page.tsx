/**
 * The review reports as charts (Recharts) and tables, each with its CSV: per maker and checker the
 * applications decided, turnaround in working hours and SLA breaches; reasons for sending back by
 * code per week; first-time-right; who confirmed whose work; time in each review status. An
 * administrator sees the team's figures, anyone else their own.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Link } from '../../../lib/router';
import { useReports } from '../api/get-reports';
import { ChartCard, toCsv } from '../components/chart-card';
import { QueryState } from '../components/query-state';
import { SelectField } from '../components/select-field';

const COLOURS = ['#1d4ed8', '#059669', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#be185d', '#4d7c0f'];
// the names of the per-person charts' axis: "Firstname Lastname (checker)" written whole
const PERSON_AXIS_WIDTH = 190;
type Row = Record<string, string | number | null>;

function TableCard({ title, file, rows, empty }: { title: string; file: string; rows: Row[]; empty: string }) {
  const { t } = useTranslation('backoffice-reports');
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const exportCsv = () => {
    const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${file}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    // a wide table scrolls in the section: the section is in the tab order, so the keyboard scrolls it
    <section aria-label={title} tabIndex={0} className="overflow-x-auto rounded-xl bg-white p-4 shadow-sm">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-bold">{title}</h2>
        <button
          type="button"
          onClick={exportCsv}
          className="ml-auto rounded-lg border border-slate-300 px-2 py-1 text-sm font-semibold"
        >
          {t('csv')}
        </button>
      </div>
      {rows.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col" className="border-b px-2 py-1 font-semibold">
                  {t(`columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className="border-b border-slate-100">
                {columns.map((c) => (
                  <td key={c} className="px-2 py-1 tabular-nums">
                    {c === 'application' && typeof r[c] === 'string' ? (
                      <Link className="text-brand underline" to={`/backoffice/applications/${r[c]}`}>
                        {String(r[c]).slice(0, 8)}
                      </Link>
                    ) : (
                      (r[c] ?? '—')
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export default function ReportsPage() {
  const { t } = useTranslation(['backoffice-reports', 'backoffice']);
  const [days, setDays] = useState(30);
  const reports = useReports(days);
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <SelectField
          label={t('days')}
          className="ml-auto w-48"
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {[7, 14, 30, 90].map((d) => (
            <option key={d} value={d}>
              {t('daysOption', { count: d })}
            </option>
          ))}
        </SelectField>
      </div>
      <QueryState query={reports}>
        {(data) => {
          const role = (r: string) => t(`roles.${r}`);
          const people = data.people.map((p) => ({
            person: `${p.name} (${role(p.role)})`,
            applications: p.applications,
            stage_decisions: p.stage_decisions,
            sent_back: p.sent_back,
            median_working_hours: p.median_working_hours,
            breaches: p.breaches,
          }));
          const codes = [...new Set(data.reasons.map((r) => r.code))];
          const weeks = [...new Set(data.reasons.map((r) => r.week))].map((week) => ({
            week,
            ...Object.fromEntries(
              data.reasons.filter((r) => r.week === week).map((r) => [r.code, r.applications] as const),
            ),
          }));
          const medians = data.states.medians.map((m) => ({
            status: t(`backoffice:status.${m.status}`),
            hours: m.median_hours,
          }));
          const ftr = data.first_time_right;
          // a reason code names its own column
          const columnLabel = (c: string) => t(`columns.${c}`, { defaultValue: c });
          // one row of bars per person, every name written (a team of 20 fits without skipped labels)
          const peopleChartHeight = Math.max(288, 96 + people.length * 40);
          return (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <p className="text-muted lg:col-span-2" data-testid="reports-scope">
                {t(data.scope === 'team' ? 'scopeTeam' : 'scopeOwn', { sla: data.sla_working_hours })}
              </p>
              <ChartCard
                title={t('perPerson')}
                file="applications-per-person"
                rows={people}
                height={peopleChartHeight}
                columnLabel={columnLabel}
              >
                {people.length === 0 ? (
                  <p className="text-muted">{t('empty')}</p>
                ) : (
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={people} layout="vertical">
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis type="number" allowDecimals={false} />
                      <YAxis type="category" dataKey="person" width={PERSON_AXIS_WIDTH} interval={0} />
                      <Tooltip />
                      <Legend />
                      <Bar
                        dataKey="applications"
                        name={t('columns.applications')}
                        fill={COLOURS[0]}
                        isAnimationActive={false}
                      />
                      <Bar
                        dataKey="sent_back"
                        name={t('columns.sent_back')}
                        fill={COLOURS[2]}
                        isAnimationActive={false}
                      />
                      <Bar
                        dataKey="breaches"
                        name={t('columns.breaches')}
                        fill={COLOURS[3]}
                        isAnimationActive={false}
                      />
                    </BarChart>
                  </ResponsiveContainer>
                )}
              </ChartCard>
              <ChartCard
                title={t('turnaround')}
                file="turnaround-working-hours"
                rows={people}
                height={peopleChartHeight}
                columnLabel={columnLabel}
              >
                {people.length === 0 ? (
                  <p className="text-muted">{t('empty')}</p>
                ) : (
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={people} layout="vertical">
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis type="number" />
                      <YAxis type="category" dataKey="person" width={PERSON_AXIS_WIDTH} interval={0} />
                      <Tooltip />
                      <Legend />
                      <Bar
                        dataKey="median_working_hours"
                        name={t('columns.median_working_hours')}
                        fill={COLOURS[1]}
                        isAnimationActive={false}
                      />
                    </BarChart>
                  </ResponsiveContainer>
                )}
              </ChartCard>
              <ChartCard title={t('reasons')} file="reasons-by-week" rows={weeks} columnLabel={columnLabel}>
                {weeks.length === 0 ? (
                  <p className="text-muted">{t('empty')}</p>
                ) : (
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={weeks}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="week" />
                      <YAxis allowDecimals={false} />
                      <Tooltip />
                      <Legend />
                      {codes.map((c, i) => (
                        <Bar
                          key={c}
                          dataKey={c}
                          stackId="r"
                          fill={COLOURS[i % COLOURS.length]}
                          isAnimationActive={false}
                        />
                      ))}
                    </BarChart>
                  </ResponsiveContainer>
                )}
              </ChartCard>
              <ChartCard title={t('states')} file="time-in-each-status" rows={medians} columnLabel={columnLabel}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={medians}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="status" />
                    <YAxis />
                    <Tooltip />
                    <Legend />
                    <Bar dataKey="hours" name={t('columns.median_hours')} fill={COLOURS[4]} isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </ChartCard>
              <section aria-label={t('firstTimeRight')} className="rounded-xl bg-white p-4 shadow-sm">
                <h2 className="text-lg font-bold">{t('firstTimeRight')}</h2>
                <p className="text-3xl font-bold tabular-nums" data-testid="first-time-right">
                  {ftr.rate === null ? '—' : `${ftr.rate}%`}
                </p>
                <p className="text-muted">{t('firstTimeRightOf', { first: ftr.first_time, approved: ftr.approved })}</p>
              </section>
              <TableCard
                title={t('pairs')}
                file="maker-checker-pairs"
                empty={t('empty')}
                rows={data.pairs.map((p) => ({ maker: p.maker, checker: p.checker, applications: p.applications }))}
              />
              <TableCard
                title={t('breaches', { sla: data.sla_working_hours })}
                file="sla-breaches"
                empty={t('noBreaches')}
                rows={data.breaches.map((b) => ({
                  application: b.applicant_id,
                  person: `${b.name} (${role(b.role)})`,
                  decided_at: new Date(b.decided_at).toLocaleString(),
                  working_hours: b.working_hours,
                }))}
              />
              <TableCard
                title={t('perApplication')}
                file="time-in-each-status-per-application"
                empty={t('empty')}
                rows={data.states.applications.map((a) => ({
                  application: a.id,
                  approved_at: new Date(a.approved_at).toLocaleString(),
                  in_progress_hours: a.hours['In progress'],
                  pending_hours: a.hours.Pending,
                  rejected_hours: a.hours.Rejected,
                  approved_hours: a.hours.Approved,
                }))}
              />
            </div>
          );
        }}
      </QueryState>
    </>
  );
}
