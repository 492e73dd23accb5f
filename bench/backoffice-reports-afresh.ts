/**
 * The reports page computed afresh (not the copy kept until the next decision): the use-case's
 * SQL on the summary tables, in process, p50 and p95 over `runs` runs after two warm-ups, for the
 * team over 30 and 90 days and for one maker's own figures. The queue benchmark prints it beside
 * the HTTP rows; `bench/backoffice-reports.ts` on its own.
 */
import { openDatabase } from '../apps/api/src/db/client.ts';
import { computeReports } from '../apps/api/src/modules/backoffice/reports/get-reports.ts';
import { percentile } from './lib.ts';

type Config = Parameters<typeof computeReports>[0]['config'];

export async function reportsAfresh(
  databaseUrl: string,
  makerId: string,
  runs: number,
): Promise<(string | number)[][]> {
  const database = await openDatabase({ databaseUrl, dataDir: '/tmp', inMemory: false, databasePoolMax: 6 });
  const config = { backoffice: { slaWorkingHours: 9 } } as Config;
  const cases: [string, string | null, number][] = [
    ['reports: the team, 30 days, computed afresh', null, 30],
    ['reports: the team, 90 days, computed afresh', null, 90],
    ['reports: own figures, 30 days (a maker), computed afresh', makerId, 30],
  ];
  const rows: (string | number)[][] = [];
  try {
    for (const [label, staffId, days] of cases) {
      const times: number[] = [];
      let decided = 0;
      for (let i = 0; i < runs + 2; i++) {
        const t0 = performance.now();
        const data = await computeReports({ database, config }, { days, staffId });
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
    }
  } finally {
    await database.close();
  }
  return rows;
}
