/** The onboarding funnel: applicants reaching each stage, where they stop, the median time per stage, and who came back after a reminder. */
import type { FunnelData, funnelQuerySchema } from '@ekyc/contracts/calls/backoffice-funnel';
import { STAGES } from '@ekyc/contracts/stages';
import type { z } from 'zod';
import type { BackofficeDeps } from './deps.ts';
import { funnelRepository as repo } from './funnel.repository.ts';
import { reminderReturns } from './reports/reminder-returns.repository.ts';

export async function getFunnel(
  deps: Pick<BackofficeDeps, 'database'>,
  query: z.output<typeof funnelQuerySchema>,
): Promise<FunnelData> {
  const db = deps.database.db;
  const filters = {
    from: query.from,
    to: query.to,
    utmSource: query.utm_source,
    utmCampaign: query.utm_campaign,
    refcode: query.refcode,
  };
  const { started, rows } = await repo.funnel(db, filters);
  const options = await repo.funnelOptions(db);
  const reminders = await reminderReturns(db, filters);
  return {
    started,
    stages: rows.map((r) => {
      // The last stage is the finish line: nobody "drops" there.
      const dropped = r.stage === 220 ? 0 : r.stopped;
      return {
        stage: r.stage,
        name: STAGES[r.stage as keyof typeof STAGES].name,
        reached: r.reached,
        dropped,
        drop_pct: r.reached ? Math.round((dropped / r.reached) * 1000) / 10 : 0,
        median_seconds: r.medianSeconds === null ? null : Math.round(r.medianSeconds),
      };
    }),
    options: { utm_source: options.utmSource, utm_campaign: options.utmCampaign, refcode: options.refcode },
    reminders,
  };
}
