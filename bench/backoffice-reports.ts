/**
 * The review reports' use-case alone (its SQL on the summary tables and the working-hours count),
 * in process, on the database `bench/backoffice-queue.ts` seeded (100,000 applications, 5 million
 * audit entries): p50 and p95 of the team's figures and of one maker's. What the HTTP run of the
 * queue benchmark adds is the route and the reply's serialisation.
 *
 * `node --import tsx bench/backoffice-reports.ts`; BENCH_DATABASE_URL, BENCH_QUEUE_DB_NAME as there.
 */
import { computeReports, getReports } from '../apps/api/src/modules/backoffice/reports/get-reports.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { percentile, table } from './lib.ts';

const DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_QUEUE_DB_NAME ?? 'ekyc_test_backoffice';
const RUNS = Number(process.env.BENCH_QUEUE_RUNS ?? 40);

const url = new URL(DB);
url.pathname = `/${DB_NAME}`;
const database = await openDatabase({
  databaseUrl: url.toString(),
  dataDir: '/tmp',
  inMemory: false,
  databasePoolMax: 8,
});
const config = { backoffice: { slaWorkingHours: 9 } } as Parameters<typeof getReports>[0]['config'];
const TEAM = '00000000-0000-4000-8000-000000000000';
const [maker] = (
  (await database.query(
    `select staff_id as id from review_decisions where role = 'maker' group by staff_id order by count(*) desc limit 1`,
    [],
  )) as { rows: { id: string }[] }
).rows;
const cases: [string, { id: string; role: 'admin' | 'reviewer' }, number][] = [
  ['the team, 30 days (administrator)', { id: TEAM, role: 'admin' }, 30],
  ['the team, 90 days (administrator)', { id: TEAM, role: 'admin' }, 90],
  ['own figures, 30 days (a maker)', { id: maker!.id, role: 'reviewer' }, 30],
];
const rows: (string | number)[][] = [];
const time = async (label: string, run: () => Promise<{ people: { applications: number }[] }>) => {
  const times: number[] = [];
  let decided = 0;
  for (let i = 0; i < RUNS + 2; i++) {
    const t0 = performance.now();
    const data = await run();
    if (i >= 2) times.push(performance.now() - t0);
    decided = data.people.reduce((n, p) => n + p.applications, 0);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  rows.push([
    label,
    decided,
    `${Math.round(percentile(times, 50))} ms`,
    `${Math.round(p95)} ms`,
    p95 < 300 ? 'within' : '**over**',
  ]);
};
for (const [label, viewer, days] of cases) {
  await time(`${label}, computed afresh`, () =>
    computeReports({ database, config }, { days, staffId: viewer.role === 'admin' ? null : viewer.id }),
  );
  await time(`${label}, as the page reads it (kept until the next decision)`, () =>
    getReports({ database, config }, viewer, days),
  );
}
console.log(table(['reports', 'application decisions', 'p50', 'p95', 'target (300 ms)'], rows));
await database.close();
