/** The reviewer's decisions on an applicant's stages, written together (the applicant's row held by the caller). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

export interface StageDecision {
  stage: number;
  activity: 'Accept' | 'Pending' | 'Reject';
  reason: string | null;
}

export const stageDecisionsRepository = {
  /** Every decision in one statement, as upsertStage writes one. */
  async write(tx: Tx, applicantId: string, decisions: StageDecision[]): Promise<void> {
    if (!decisions.length) return;
    const json = JSON.stringify(decisions);
    await tx.execute(sql`
      insert into applicant_stages (applicant_id, stage, admin_activity, reason)
      select ${applicantId}::uuid, d.stage, d.activity, d.reason
        from json_to_recordset(${json}::json) as d(stage int, activity text, reason text)
      on conflict (applicant_id, stage) do update
        set admin_activity = excluded.admin_activity, reason = excluded.reason, updated_at = now()`);
  },
};
