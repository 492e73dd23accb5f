/** The staff account behind a back-office session, as the role guard reads it. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { staff } from '../db/schema/backoffice.ts';
import { isUuid } from '../lib/uuid.ts';

export type StaffRow = typeof staff.$inferSelect;

export const staffRepository = {
  async staffById(tx: Tx, id: string): Promise<StaffRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tx.select().from(staff).where(eq(staff.id, id)).limit(1);
    return row;
  },
};
