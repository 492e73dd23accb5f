/** The staff members' saved views of the queue (2845_backoffice_search_and_views.sql). */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { query, toDate } from '../../../db/raw.ts';

export interface SavedViewRow {
  id: string;
  name: string;
  queryEnc: string;
  createdAt: Date;
}

interface Raw {
  id: string;
  name: string;
  query_enc: string;
  created_at: unknown;
}
const toRow = (r: Raw): SavedViewRow => ({
  id: r.id,
  name: r.name,
  queryEnc: r.query_enc,
  createdAt: toDate(r.created_at),
});

export const savedViewsRepository = {
  async listOf(tx: Tx, staffId: string): Promise<SavedViewRow[]> {
    const rows = await query<Raw>(
      tx,
      sql`select id, name, query_enc, created_at from backoffice_saved_views
          where staff_id = ${staffId}::uuid order by name`,
    );
    return rows.map(toRow);
  },
  /** Saves under the name, replacing the staff member's view of the same name. */
  async put(tx: Tx, staffId: string, name: string, queryEnc: string): Promise<SavedViewRow> {
    const [row] = await query<Raw>(
      tx,
      sql`insert into backoffice_saved_views (staff_id, name, query_enc) values (${staffId}::uuid, ${name}, ${queryEnc})
          on conflict (staff_id, name) do update set query_enc = excluded.query_enc
          returning id, name, query_enc, created_at`,
    );
    return toRow(row!);
  },
  /** Whether the staff member had a view of this id (another's view is never touched). */
  async remove(tx: Tx, staffId: string, id: string): Promise<boolean> {
    const rows = await query<{ id: string }>(
      tx,
      sql`delete from backoffice_saved_views where id = ${id}::uuid and staff_id = ${staffId}::uuid returning id`,
    );
    return rows.length > 0;
  },
};
