/**
 * The team's figures as charts (Recharts), each with a legend and export: decisions per reviewer
 * per day, the median time to a decision per reviewer, the queue's waiting ages, and the funnel.
 */
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useFunnel } from '../api/get-funnel';
import { useTeamFigures } from '../api/operations';
import { ChartCard } from '../components/chart-card';
import { QueryState } from '../components/query-state';
import { SelectField } from '../components/select-field';

const COLOURS = ['#1d4ed8', '#059669', '#d97706', '#dc2626', '#7c3aed', '#0891b2', '#be185d', '#4d7c0f'];

export default function TeamPage() {
  const { t } = useTranslation(['operations', 'backoffice']);
  const [days, setDays] = useState(14);
  const team = useTeamFigures(days);
  const funnel = useFunnel({});
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end gap-3">
        <h1 className="text-2xl font-bold">{t('team.title')}</h1>
        <SelectField
          label={t('team.days')}
          className="ml-auto w-48"
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {[7, 14, 30, 90].map((d) => (
            <option key={d} value={d}>
              {t('team.daysOption', { count: d })}
            </option>
          ))}
        </SelectField>
      </div>
      <QueryState query={team}>
        {(data) => {
          const names = [...new Set(data.decisions.map((d) => d.name))];
          const byDay = [...new Set(data.decisions.map((d) => d.day))].map((day) => ({
            day,
            ...Object.fromEntries(
              data.decisions.filter((d) => d.day === day).map((d) => [d.name, d.decisions] as const),
            ),
          }));
          const medians = [...new Set(data.decisions.map((d) => d.day))].map((day) => ({
            day,
            ...Object.fromEntries(
              data.decisions
                .filter((d) => d.day === day && d.median_seconds !== null)
                .map((d) => [d.name, Math.round((d.median_seconds! / 3600) * 10) / 10] as const),
            ),
          }));
          return (
            <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
              <ChartCard title={t('team.perDay')} file="decisions-per-day" rows={byDay}>
                {byDay.length === 0 ? (
                  <p className="text-muted">{t('team.empty')}</p>
                ) : (
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart data={byDay}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="day" />
                      <YAxis allowDecimals={false} />
                      <Tooltip />
                      <Legend />
                      {names.map((n, i) => (
                        <Bar
                          key={n}
                          dataKey={n}
                          stackId="a"
                          fill={COLOURS[i % COLOURS.length]}
                          isAnimationActive={false}
                        />
                      ))}
                    </BarChart>
                  </ResponsiveContainer>
                )}
              </ChartCard>
              <ChartCard title={t('team.median')} file="median-time-to-decision" rows={medians}>
                {medians.length === 0 ? (
                  <p className="text-muted">{t('team.empty')}</p>
                ) : (
                  <ResponsiveContainer width="100%" height="100%">
                    <LineChart data={medians}>
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="day" />
                      <YAxis label={{ value: t('team.hours'), angle: -90, position: 'insideLeft' }} />
                      <Tooltip />
                      <Legend />
                      {names.map((n, i) => (
                        <Line
                          key={n}
                          dataKey={n}
                          stroke={COLOURS[i % COLOURS.length]}
                          strokeWidth={2}
                          isAnimationActive={false}
                        />
                      ))}
                    </LineChart>
                  </ResponsiveContainer>
                )}
              </ChartCard>
              <ChartCard
                title={t('team.ages')}
                file="queue-ages"
                rows={data.queue_ages.map((a) => ({ age: a.bucket, waiting: a.count }))}
              >
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={data.queue_ages.map((a) => ({ age: a.bucket, [t('team.waiting')]: a.count }))}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="age" />
                    <YAxis allowDecimals={false} />
                    <Tooltip />
                    <Legend />
                    <Bar dataKey={t('team.waiting')} fill="#d97706" isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </ChartCard>
              {funnel.data && (
                <ChartCard
                  title={t('team.funnel')}
                  file="funnel"
                  rows={funnel.data.stages.map((s) => ({ stage: s.name, reached: s.reached, stopped: s.dropped }))}
                >
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart
                      data={funnel.data.stages.map((s) => ({
                        stage: t(`backoffice:stages.${s.stage}`),
                        [t('backoffice:funnel.reached')]: s.reached,
                        [t('backoffice:funnel.dropped')]: s.dropped,
                      }))}
                    >
                      <CartesianGrid strokeDasharray="3 3" />
                      <XAxis dataKey="stage" interval={0} angle={-30} textAnchor="end" height={60} />
                      <YAxis allowDecimals={false} />
                      <Tooltip />
                      <Legend />
                      <Bar dataKey={t('backoffice:funnel.reached')} fill="#1d4ed8" isAnimationActive={false} />
                      <Bar dataKey={t('backoffice:funnel.dropped')} fill="#dc2626" isAnimationActive={false} />
                    </BarChart>
                  </ResponsiveContainer>
                </ChartCard>
              )}
            </div>
          );
        }}
      </QueryState>
    </>
  );
}
