/** The staff account behind a back-office session, as the role guard reads it. */
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { staff } from '../db/schema/backoffice.ts';
import { isUuid } from '../lib/uuid.ts';

export type StaffRow = typeof staff.$inferSelect;

export const staffRepository = {
  /** Read by every back-office request (the role guard): a statement built and parsed once. */
  async staffById(tx: Tx, id: string): Promise<StaffRow | undefined> {
    if (!isUuid(id)) return undefined;
    const query = prepared(tx, 'staff_by_id', (db, name) =>
      db
        .select()
        .from(staff)
        .where(eq(staff.id, sql.placeholder('id')))
        .limit(1)
        .prepare(name),
    );
    const [row] = await query.execute({ id });
    return row;
  },
};
