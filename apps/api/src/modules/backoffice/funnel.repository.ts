/**
 * The onboarding funnel and the filters the back office's aggregate queries share (read only).
 */
import { STAGE_ORDER } from '@ekyc/contracts/stages';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { query, toNum, TZ } from '../../db/raw.ts';

export interface ApplicantFilters {
  from?: string;
  to?: string;
  utmSource?: string;
  utmCampaign?: string;
  refcode?: string;
  /** Restrict to these applicants (a search hit). */
  ids?: string[];
}

export function applicantWhere(f: ApplicantFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.from) parts.push(sql`a.created_at >= (${f.from}::date::timestamp at time zone ${TZ})`);
  if (f.to) parts.push(sql`a.created_at < ((${f.to}::date + 1)::timestamp at time zone ${TZ})`);
  if (f.utmSource) parts.push(sql`a.utm_source = ${f.utmSource}`);
  if (f.utmCampaign) parts.push(sql`a.utm_campaign = ${f.utmCampaign}`);
  if (f.refcode) parts.push(sql`a.refcode = ${f.refcode}`);
  if (f.ids) parts.push(f.ids.length ? sql`a.id in ${f.ids}` : sql`false`);
  return sql.join(parts, sql` and `);
}

export interface FunnelRow {
  stage: number;
  reached: number;
  stopped: number;
  medianSeconds: number | null;
}

export const funnelRepository = {
  async funnel(tx: Tx, f: ApplicantFilters): Promise<{ started: number; rows: FunnelRow[] }> {
    const where = applicantWhere(f);
    const rows = await query<{ stage: unknown; reached: unknown; stopped: unknown; median: unknown }>(
      tx,
      sql`with base as (select a.id from applicants a where ${where}),
        st as (select s.applicant_id, s.stage, s.created_at from applicant_stages s join base b on b.id = s.applicant_id),
        furthest as (select applicant_id, max(stage) as stage from st group by applicant_id),
        reach as (select stage, count(*) as reached from st group by stage),
        stop as (select stage, count(*) as stopped from furthest group by stage),
        dur as (
          select s.stage, percentile_cont(0.5) within group (order by extract(epoch from (nx.t - s.created_at))) as median
          from st s cross join lateral (
            select min(n.created_at) as t from st n where n.applicant_id = s.applicant_id and n.stage > s.stage
          ) nx
          where nx.t is not null group by s.stage)
        select r.stage, r.reached, coalesce(p.stopped, 0) as stopped, d.median
        from reach r left join stop p on p.stage = r.stage left join dur d on d.stage = r.stage
        order by r.stage`,
    );
    const [started] = await query<{ n: unknown }>(tx, sql`select count(*) as n from applicants a where ${where}`);
    const byStage = new Map(rows.map((r) => [toNum(r.stage), r]));
    return {
      started: toNum(started?.n),
      rows: STAGE_ORDER.map((stage) => {
        const r = byStage.get(stage);
        return {
          stage,
          reached: toNum(r?.reached),
          stopped: toNum(r?.stopped),
          medianSeconds: r?.median === null || r?.median === undefined ? null : Number(r.median),
        };
      }),
    };
  },
  async funnelOptions(tx: Tx): Promise<{ utmSource: string[]; utmCampaign: string[]; refcode: string[] }> {
    const distinct = async (column: SQL) =>
      (
        await query<{ v: string }>(
          tx,
          sql`select distinct ${column} as v from applicants where ${column} is not null order by 1 limit 100`,
        )
      ).map((r) => r.v);
    return {
      utmSource: await distinct(sql.raw('utm_source')),
      utmCampaign: await distinct(sql.raw('utm_campaign')),
      refcode: await distinct(sql.raw('refcode')),
    };
  },
};
