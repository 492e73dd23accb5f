/**
 * The back office's tables (staff, audit_log, backoffice_pan_index) and its read-only aggregate
 * queries over the core applicant tables (queue, funnel). The core tables are never written here.
 */
import type { ApplicationStatus } from '@ekyc/contracts/calls/backoffice-queue';
import { STAGE_ORDER } from '@ekyc/contracts/stages';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { backofficePanIndex, staff, type StaffRole } from '../../db/schema/backoffice.ts';
import { query, toDate, toNum, TZ } from '../../db/raw.ts';

export type StaffRow = typeof staff.$inferSelect;

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

/**
 * Each applicant's standing, derived from kyc_list: activated (a client code), sent back (a stage
 * rejected), waiting for review (finished: the current stage is the last) or still in progress.
 */
const STANDING = sql`
  with s as (
    select applicant_id,
      (array_agg(stage order by seq desc))[1] as stage,
      (array_agg(updated_at order by seq desc))[1] as since,
      bool_or(admin_activity = 'Reject') as rejected,
      coalesce(bool_or(stage = 220 and admin_activity = 'Accept'), false) as approved
    from applicant_stages group by applicant_id
  ), standing as (
    select a.id, a.created_at, a.utm_source, a.utm_campaign, a.refcode, a.client_code, a.mobile_enc,
      s.stage, s.since,
      case when a.client_code is not null then 'Completed'
           when exists (select 1 from application_closures c where c.applicant_id = a.id) then 'Closed'
           when s.rejected then 'Rejected'
           when s.approved then 'Approved'
           when s.stage = 220 then 'Pending'
           else 'In progress' end as status
    from applicants a join s on s.applicant_id = a.id
  )`;

export interface QueueRow {
  id: string;
  createdAt: Date;
  utmSource: string | null;
  utmCampaign: string | null;
  refcode: string | null;
  clientCode: string | null;
  mobileEnc: string;
  stage: number;
  since: Date;
  status: ApplicationStatus;
}

interface RawStanding {
  id: string;
  created_at: unknown;
  utm_source: string | null;
  utm_campaign: string | null;
  refcode: string | null;
  client_code: string | null;
  mobile_enc: string;
  stage: unknown;
  since: unknown;
  status: ApplicationStatus;
}

const toQueueRow = (r: RawStanding): QueueRow => ({
  id: r.id,
  createdAt: toDate(r.created_at),
  utmSource: r.utm_source,
  utmCampaign: r.utm_campaign,
  refcode: r.refcode,
  clientCode: r.client_code,
  mobileEnc: r.mobile_enc,
  stage: toNum(r.stage),
  since: toDate(r.since),
  status: r.status,
});

export interface FunnelRow {
  stage: number;
  reached: number;
  stopped: number;
  medianSeconds: number | null;
}

export const backofficeRepository = {
  // ----- staff -----
  async countStaff(tx: Tx): Promise<number> {
    const [row] = await query<{ n: unknown }>(tx, sql`select count(*) as n from staff`);
    return toNum(row?.n);
  },
  async staffByEmail(tx: Tx, email: string): Promise<StaffRow | undefined> {
    const [row] = await tx.select().from(staff).where(eq(staff.email, email)).limit(1);
    return row;
  },
  async staffById(tx: Tx, id: string): Promise<StaffRow | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const [row] = await tx.select().from(staff).where(eq(staff.id, id)).limit(1);
    return row;
  },
  async listStaff(tx: Tx): Promise<StaffRow[]> {
    return tx.select().from(staff).orderBy(asc(staff.createdAt));
  },
  /** Inserts unless the email exists; undefined on a duplicate. */
  async insertStaff(
    tx: Tx,
    values: {
      email: string;
      name: string;
      role: StaffRole;
      passwordHash: string;
      createdBy: string | null;
      passwordChangeRequired?: boolean;
    },
  ): Promise<StaffRow | undefined> {
    const [row] = await tx.insert(staff).values(values).onConflictDoNothing({ target: staff.email }).returning();
    return row;
  },
  async setStaffActive(tx: Tx, id: string, active: boolean): Promise<StaffRow | undefined> {
    const [row] = await tx.update(staff).set({ active }).where(eq(staff.id, id)).returning();
    return row;
  },
  async setPassword(tx: Tx, id: string, passwordHash: string): Promise<StaffRow | undefined> {
    const [row] = await tx
      .update(staff)
      .set({ passwordHash, passwordChangeRequired: false })
      .where(eq(staff.id, id))
      .returning();
    return row;
  },
  async touchLogin(tx: Tx, id: string): Promise<void> {
    await tx.update(staff).set({ lastLoginAt: new Date() }).where(eq(staff.id, id));
  },

  // ----- audit trail -----
  /** Names the staff member behind the stage changes of this transaction (read by the stage trigger). */
  async actAs(tx: Tx, staffId: string): Promise<void> {
    await tx.execute(
      sql`select set_config('ekyc.actor_kind', 'staff', true), set_config('ekyc.actor_id', ${staffId}, true)`,
    );
  },
  async appendAudit(
    tx: Tx,
    entry: {
      chain: string;
      applicantId: string | null;
      actorKind: 'staff' | 'system';
      actorId: string | null;
      action: string;
      stage?: number | null;
      before?: unknown;
      after?: unknown;
    },
  ): Promise<void> {
    const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));
    await tx.execute(
      sql`select audit_append(${entry.chain}, ${entry.applicantId}::uuid, ${entry.actorKind}, ${entry.actorId},
        ${entry.action}, ${entry.stage ?? null}::integer, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb)`,
    );
  },
  /** How many times a staff member took an action since a moment (a per-person limit counts these). */
  async countStaffActions(tx: Tx, staffId: string, action: string, since: Date): Promise<number> {
    const [row] = await query<{ n: unknown }>(
      tx,
      sql`select count(*) as n from audit_log
        where actor_kind = 'staff' and actor_id = ${staffId} and action = ${action} and at >= ${since.toISOString()}::timestamptz`,
    );
    return toNum(row?.n ?? 0);
  },
  async auditChain(tx: Tx, chain: string) {
    const rows = await query<{
      id: unknown;
      at: unknown;
      actor_kind: 'staff' | 'applicant' | 'system';
      actor_id: string | null;
      action: string;
      stage: unknown;
      before: unknown;
      after: unknown;
      hash: string;
      ok: boolean;
    }>(
      tx,
      sql`select id, at, actor_kind, actor_id, action, stage, before, after, hash,
          (hash = audit_row_hash(prev_hash, chain_key, id, at, actor_kind, actor_id, action, stage, before, after)
           and prev_hash = coalesce(lag(hash) over (order by id), '')) as ok
        from audit_log where chain_key = ${chain} order by id`,
    );
    return rows.map((r) => ({
      id: toNum(r.id),
      at: toDate(r.at),
      actorKind: r.actor_kind,
      actorId: r.actor_id,
      action: r.action,
      stage: r.stage === null ? null : toNum(r.stage),
      before: typeof r.before === 'string' ? (JSON.parse(r.before) as unknown) : r.before,
      after: typeof r.after === 'string' ? (JSON.parse(r.after) as unknown) : r.after,
      hash: r.hash,
      ok: r.ok,
    }));
  },

  // ----- queue -----
  async queue(
    tx: Tx,
    f: ApplicantFilters & { status?: ApplicationStatus; stage?: number; limit: number; offset: number },
  ): Promise<{ rows: QueueRow[]; total: number; counts: Record<ApplicationStatus, number> }> {
    const where = applicantWhere(f);
    const stageWhere = f.stage ? sql` and stage = ${f.stage}` : sql``;
    const statusWhere = f.status ? sql` and status = ${f.status}` : sql``;
    const rows = await query<RawStanding & { total: unknown }>(
      tx,
      sql`${STANDING} select *, count(*) over () as total from standing a where ${where}${stageWhere}${statusWhere}
          order by since asc, id limit ${f.limit} offset ${f.offset}`,
    );
    const countRows = await query<{ status: ApplicationStatus; n: unknown }>(
      tx,
      sql`${STANDING} select status, count(*) as n from standing a where ${where}${stageWhere} group by status`,
    );
    const counts: Record<ApplicationStatus, number> = {
      Pending: 0,
      Approved: 0,
      Rejected: 0,
      Completed: 0,
      'In progress': 0,
      Closed: 0,
    };
    for (const c of countRows) counts[c.status] = toNum(c.n);
    return { rows: rows.map(toQueueRow), total: toNum(rows[0]?.total), counts };
  },
  async standingOf(tx: Tx, applicantId: string): Promise<QueueRow | undefined> {
    const [row] = await query<RawStanding>(tx, sql`${STANDING} select * from standing a where a.id = ${applicantId}`);
    return row ? toQueueRow(row) : undefined;
  },
  async idsByMobileHash(tx: Tx, mobileHash: string): Promise<string[]> {
    const rows = await query<{ id: string }>(tx, sql`select id from applicants where mobile_hash = ${mobileHash}`);
    return rows.map((r) => r.id);
  },
  async idsByEmailHash(tx: Tx, emailHash: string): Promise<string[]> {
    const rows = await query<{ id: string }>(tx, sql`select id from applicants where email_hash = ${emailHash}`);
    return rows.map((r) => r.id);
  },
  async idsByPanHash(tx: Tx, panHash: string): Promise<string[]> {
    const rows = await tx
      .select({ id: backofficePanIndex.applicantId })
      .from(backofficePanIndex)
      .where(eq(backofficePanIndex.panHash, panHash));
    return rows.map((r) => r.id);
  },
  /** pan_obj sections written since the index last saw them. */
  async panSectionsToIndex(tx: Tx, limit: number): Promise<{ applicantId: string; updatedAt: Date }[]> {
    const rows = await query<{ applicant_id: string; updated_at: unknown }>(
      tx,
      sql`select s.applicant_id, s.updated_at from applicant_sections s
          left join backoffice_pan_index i on i.applicant_id = s.applicant_id
          where s.name = 'pan_obj' and (i.applicant_id is null or i.section_updated_at < s.updated_at)
          order by s.updated_at limit ${limit}`,
    );
    return rows.map((r) => ({ applicantId: r.applicant_id, updatedAt: toDate(r.updated_at) }));
  },
  async putPanIndex(tx: Tx, applicantId: string, panHash: string, sectionUpdatedAt: Date): Promise<void> {
    await tx
      .insert(backofficePanIndex)
      .values({ applicantId, panHash, sectionUpdatedAt })
      .onConflictDoUpdate({ target: backofficePanIndex.applicantId, set: { panHash, sectionUpdatedAt } });
  },
  /** The registrations after approval and every request and answer kept for them (the evidence bundle). */
  async registrationRecords(tx: Tx, applicantId: string) {
    const registrations = await query<{
      kind: string;
      status: string;
      reference: string | null;
      request_id: string | null;
      attempts: number;
      last_error: string | null;
      updated_at: unknown;
    }>(
      tx,
      sql`select kind, status, reference, request_id, attempts, last_error, updated_at from registrations
        where applicant_id = ${applicantId} order by kind`,
    );
    const evidence = await query<{
      kind: string;
      request_id: string;
      direction: string;
      body_enc: string;
      at: unknown;
    }>(
      tx,
      sql`select kind, request_id, direction, body_enc, created_at as at from registration_evidence
        where applicant_id = ${applicantId} order by id`,
    );
    return { registrations, evidence };
  },

  async fileTypes(tx: Tx, ids: string[]): Promise<Map<string, string>> {
    const valid = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    if (!valid.length) return new Map();
    const rows = await query<{ id: string; content_type: string }>(
      tx,
      sql`select id, content_type from files where id in ${valid}`,
    );
    return new Map(rows.map((r) => [r.id, r.content_type]));
  },
  /** Applicants ids with a rejected stage (to follow their resubmission). */
  async rejectedApplicantIds(tx: Tx): Promise<string[]> {
    const rows = await query<{ applicant_id: string }>(
      tx,
      sql`select distinct s.applicant_id from applicant_stages s join applicants a on a.id = s.applicant_id
          where s.admin_activity = 'Reject' and a.client_code is null`,
    );
    return rows.map((r) => r.applicant_id);
  },

  // ----- funnel -----
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
