/**
 * The status page's read: everything the page shows of the application, or whether there is
 * anything to read further, in one statement (one snapshot). The registrations' summary, the
 * account's closure and the open document requests are read apart only when they exist (after
 * approval, a closure, a reviewer's request): most applications have none.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { preparedSql } from '../../db/prepared.ts';

const at = sql.placeholder;

/** A kyc_list entry as the page reads it. */
export interface StatusStage {
  stage: number;
  adminActivity: 'Accept' | 'Pending' | 'Reject' | null;
  reason: string | null;
}

export const statusRepository = {
  async read(
    tx: Tx,
    applicantId: string,
    names: string[],
  ): Promise<{
    sealed: Record<string, string>;
    stages: StatusStage[];
    registered: boolean;
    closed: boolean;
    asked: boolean;
  }> {
    const [row] = await preparedSql<{
      sealed: Record<string, string> | null;
      stages: StatusStage[] | null;
      registered: boolean;
      closed: boolean;
      asked: boolean;
    }>(
      tx,
      'application_status',
      () => sql`select
          (select json_object_agg(c.name, c.payload_enc) from applicant_sections c
            where c.applicant_id = a.id and c.name = any(${at('names')}::text[])) as sealed,
          (select json_agg(json_build_object('stage', s.stage, 'adminActivity', s.admin_activity, 'reason', s.reason)
            order by s.seq) from applicant_stages s where s.applicant_id = a.id) as stages,
          exists (select 1 from registration_cases r where r.applicant_id = a.id) as registered,
          exists (select 1 from account_closures x where x.applicant_id = a.id) as closed,
          exists (select 1 from document_requests d
            where d.applicant_id = a.id and d.state in ('requested', 'answered')) as asked
        from applicants a where a.id = ${at('id')}::uuid`,
      { id: applicantId, names },
    );
    return {
      sealed: row?.sealed ?? {},
      stages: row?.stages ?? [],
      registered: row?.registered === true,
      closed: row?.closed === true,
      asked: row?.asked === true,
    };
  },
};
