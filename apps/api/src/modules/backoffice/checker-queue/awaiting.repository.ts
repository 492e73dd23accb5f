/**
 * The checker's queue: applications waiting for a checker's confirmation, that is
 * Pending with the final stage reached and every earlier stage accepted, and not returned to their
 * maker since the last hand-over. Read from application_standing (its status index) with one index
 * lookup per row into applicant_stages and backoffice_notes.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { query, toDate, toNum } from '../../../db/raw.ts';

export interface AwaitingRow {
  id: string;
  since: Date;
  mobileEnc: string;
  claimStaffId: string | null;
  claimStaffName: string | null;
}

/** Not returned to the maker since the maker's last hand-over. */
const notReturned = (id: SQL) => sql`not exists (
  select 1 from backoffice_notes r where r.applicant_id = ${id} and r.kind = 'return'
    and r.id > coalesce((select max(h.id) from backoffice_notes h where h.applicant_id = ${id} and h.kind = 'handover'), 0))`;

const awaiting = sql`st.status = 'Pending'
  and exists (select 1 from applicant_stages f where f.applicant_id = st.applicant_id and f.stage = 220)
  and not exists (select 1 from applicant_stages s where s.applicant_id = st.applicant_id and s.stage < 220
                  and s.admin_activity is distinct from 'Accept')
  and ${notReturned(sql`st.applicant_id`)}`;

export const awaitingRepository = {
  async list(
    tx: Tx,
    idleMinutes: number,
    limit: number,
    offset: number,
  ): Promise<{ rows: AwaitingRow[]; total: number }> {
    const rows = await query<{
      id: string;
      since: unknown;
      mobile_enc: string;
      claim_staff_id: string | null;
      claim_staff_name: string | null;
    }>(
      tx,
      sql`select st.applicant_id as id, st.since, a.mobile_enc, c.staff_id as claim_staff_id, h.name as claim_staff_name
          from application_standing st join applicants a on a.id = st.applicant_id
          left join backoffice_claims c on c.applicant_id = st.applicant_id
            and c.last_active_at > now() - make_interval(mins => ${idleMinutes}::int)
          left join staff h on h.id = c.staff_id
          where ${awaiting} order by st.since, st.applicant_id limit ${limit} offset ${offset}`,
    );
    const [count] = await query<{ n: unknown }>(
      tx,
      sql`select count(*) as n from application_standing st where ${awaiting}`,
    );
    return {
      rows: rows.map((r) => ({
        id: r.id,
        since: toDate(r.since),
        mobileEnc: r.mobile_enc,
        claimStaffId: r.claim_staff_id,
        claimStaffName: r.claim_staff_name,
      })),
      total: toNum(count?.n),
    };
  },
  /** Whether the application is in the checker's queue now. */
  async isAwaiting(tx: Tx, applicantId: string): Promise<boolean> {
    const rows = await query<{ id: string }>(
      tx,
      sql`select st.applicant_id as id from application_standing st
          where st.applicant_id = ${applicantId}::uuid and ${awaiting}`,
    );
    return rows.length > 0;
  },
  /** Whether a checker returned it to the maker, who has not handed it over again since. */
  async isReturned(tx: Tx, applicantId: string): Promise<boolean> {
    const [row] = await query<{ returned: boolean }>(
      tx,
      sql`select not ${notReturned(sql`${applicantId}::uuid`)} as returned`,
    );
    return Boolean(row?.returned);
  },
  async staffNames(tx: Tx, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await query<{ id: string; name: string }>(tx, sql`select id, name from staff where id in ${ids}`);
    return new Map(rows.map((r) => [r.id, r.name]));
  },
};
