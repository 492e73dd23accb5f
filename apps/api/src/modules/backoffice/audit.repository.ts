/**
 * The audit trail (table audit_log, written through audit_append so each chain stays hash-linked):
 * who did what to an application or to the staff, and the staff member behind a transaction.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { query, toDate, toNum } from '../../db/raw.ts';

export const auditRepository = {
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
};
