/** What the sandbox exchanges, depositories and KRA received: one row per provider and request id. */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { rowsOf } from '../../db/raw.ts';

export interface SandboxRequestRow {
  provider: string;
  requestId: string;
  panHash: string;
  reference: string;
  outcome: string;
  message: string | null;
  receivedAt: Date;
}

type Raw = {
  provider: string;
  request_id: string;
  pan_hash: string;
  reference: string;
  outcome: string;
  message: string | null;
  received_at: string | Date;
};
const toRow = (r: Raw): SandboxRequestRow => ({
  provider: r.provider,
  requestId: r.request_id,
  panHash: r.pan_hash,
  reference: r.reference,
  outcome: r.outcome,
  message: r.message,
  receivedAt: new Date(r.received_at),
});

export const sandboxRequestsRepository = {
  async find(db: Tx, provider: string, requestId: string): Promise<SandboxRequestRow | null> {
    const rows = rowsOf<Raw>(
      await db.execute(
        sql`select * from sandbox_registration_requests where provider = ${provider} and request_id = ${requestId}`,
      ),
    );
    return rows[0] ? toRow(rows[0]) : null;
  },

  async latestForPan(db: Tx, provider: string, panHash: string): Promise<SandboxRequestRow | null> {
    const rows = rowsOf<Raw>(
      await db.execute(
        sql`select * from sandbox_registration_requests where provider = ${provider} and pan_hash = ${panHash}
            order by received_at desc limit 1`,
      ),
    );
    return rows[0] ? toRow(rows[0]) : null;
  },

  async countOutcome(db: Tx, provider: string, panHash: string, outcome: string): Promise<number> {
    const rows = rowsOf<{ n: string | number }>(
      await db.execute(
        sql`select count(*) as n from sandbox_registration_requests
            where provider = ${provider} and pan_hash = ${panHash} and outcome = ${outcome}`,
      ),
    );
    return Number(rows[0]?.n ?? 0);
  },

  /** Records a request once: a repeated request id keeps (and gets back) the first answer. */
  async record(db: Tx, row: Omit<SandboxRequestRow, 'receivedAt'>): Promise<SandboxRequestRow> {
    await db.execute(
      sql`insert into sandbox_registration_requests (provider, request_id, pan_hash, reference, outcome, message)
          values (${row.provider}, ${row.requestId}, ${row.panHash}, ${row.reference}, ${row.outcome}, ${row.message})
          on conflict (provider, request_id) do nothing`,
    );
    return (await this.find(db, row.provider, row.requestId))!;
  },

  /** Every request the sandbox received for a PAN (tests: "submitted exactly once"). */
  async countForPan(db: Tx, panHash: string): Promise<Record<string, number>> {
    const rows = rowsOf<{ provider: string; n: string | number }>(
      await db.execute(
        sql`select provider, count(*) as n from sandbox_registration_requests where pan_hash = ${panHash} group by provider`,
      ),
    );
    return Object.fromEntries(rows.map((r) => [r.provider, Number(r.n)]));
  },
};
